/**
 * What the security tests read from the served OpenAPI document: the operations, their parameters and
 * JSON bodies, an example value per schema, a conservative "does the schema accept this" check, and the
 * error-catalogue shape check. Everything is derived from /api/openapi.json, so a new endpoint is
 * covered without a new test.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Param {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI spelling, `{id}` for a path parameter */
  path: string;
  /** `operationId` when the document has one, else `METHOD path` */
  name: string;
  params: Param[];
  /** the JSON body's schema, references resolved */
  body?: JsonSchema;
  /** the declared access rule (`x-access`), when the document carries it */
  access?: Record<string, unknown>;
}

// deno-lint-ignore no-explicit-any
type Doc = any;

/** Every operation of the document, with `$ref`s of bodies and parameters resolved. */
export function operationsOf(doc: Doc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Doc>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Doc>(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: Doc) => resolve(doc, p))
        .filter((p: Doc) => p.in === "path" || p.in === "query")
        .map((p: Doc) => ({
          name: p.name,
          in: p.in,
          required: !!p.required,
          schema: deref(doc, p.schema ?? {}),
        }));
      const json = op.requestBody && resolve(doc, op.requestBody).content?.["application/json"]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        name: op.operationId ?? `${method.toUpperCase()} ${path}`,
        params,
        body: json ? deref(doc, json) : undefined,
        access: op["x-access"],
      });
    }
  }
  return ops;
}

function resolve(doc: Doc, node: Doc): Doc {
  let n = node;
  for (let i = 0; n?.$ref && i < 20; i++) {
    n = n.$ref.slice(2).split("/").reduce((o: Doc, k: string) => o?.[k], doc);
  }
  return n;
}

/** A copy of the schema with every `$ref` replaced by its target (the schemas here are not recursive). */
export function deref(doc: Doc, schema: Doc, depth = 0): JsonSchema {
  if (depth > 30 || schema === null || typeof schema !== "object") return schema;
  const s = resolve(doc, schema);
  if (Array.isArray(s)) return s.map((x) => deref(doc, x, depth + 1)) as unknown as JsonSchema;
  const out: Doc = {};
  for (const [k, v] of Object.entries(s)) {
    out[k] = k === "enum" || k === "default" || k === "example" ? v : deref(doc, v, depth + 1);
  }
  return out;
}

/** The JSON types a schema allows (`integer` counts as `number`); null when anything goes. */
export function typesOf(s: JsonSchema): Set<string> | null {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    const all = new Set<string>();
    for (const a of alts) {
      const t = typesOf(a);
      if (!t) return null;
      t.forEach((x) => all.add(x));
    }
    return all;
  }
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? "null" : typeof v)));
  if (s.type === undefined) return s.properties ? new Set(["object"]) : null;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return new Set(types.map((t) => (t === "integer" ? "number" : t)));
}

export const jsonTypeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

const firstAlt = (s: JsonSchema) =>
  (s.anyOf ?? s.oneOf)?.find((a) => !typesOf(a)?.has("null") || a.properties);

/**
 * A plausible valid value: what a client would send (one item per array); `minimal` leaves out what is
 * optional, so that a body is as likely as possible to pass the service's own checks too.
 */
export function example(s: JsonSchema, minimal = false): unknown {
  const alt = firstAlt(s);
  if (alt) return example(alt, minimal);
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  const types = typesOf(s);
  const type = types ? [...types].find((t) => t !== "null") ?? "null" : "object";
  const isInt = s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer"));
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (!minimal || s.required?.includes(k)) out[k] = example(v, minimal);
      }
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, (_, i) => {
        const item = example(s.items ?? {}, minimal);
        return typeof item === "number" ? item + i : item; // items that must differ (ids) do
      });
    case "number": {
      const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum ?? 1;
      const n = Math.min(Math.max(low, 1), s.maximum ?? Infinity);
      return isInt ? Math.ceil(n) : n;
    }
    case "boolean":
      return false;
    case "string":
      return exampleString(s);
    default:
      return null;
  }
}

let serial = 0;

function exampleString(s: JsonSchema): string {
  if (s.format === "email") return "security-test@example.com";
  if (s.format === "date-time") return "2026-12-01T06:30:00.000Z";
  // a letter tag makes each example differ: a unique name one accepted write took must not turn the
  // next request into a 409 that hides whether it would have been accepted too
  const tag = (serial++).toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
  const candidates = [
    `abc${tag}`,
    "abc",
    "2026-12-01",
    "06:30",
    "",
    "1234",
    "12345",
    "12345678",
    "+61 400 000 000",
    "x",
  ];
  return candidates.find((c) => accepts(s, c)) ?? "abc";
}

/**
 * Whether the schema may accept the value. Errs on the side of yes: a `false` means surely invalid
 * (wrong type, outside an enum, pattern, length or range), which is what a bad-input test relies on.
 */
export function accepts(s: JsonSchema, v: unknown): boolean {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.some((a) => accepts(a, v));
  if (s.enum && !s.enum.some((e) => e === v)) return false;
  const types = typesOf(s);
  const t = jsonTypeOf(v);
  if (types && !types.has(t)) return false;
  if (t === "number") {
    const n = v as number;
    const isInt = s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer"));
    if (!Number.isFinite(n) || (isInt && !Number.isSafeInteger(n))) return false;
    if (s.minimum !== undefined && n < s.minimum) return false;
    if (s.maximum !== undefined && n > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return false;
  }
  if (t === "string") {
    const str = v as string;
    if (s.maxLength !== undefined && str.length > s.maxLength) return false;
    if (s.minLength !== undefined && str.length < s.minLength) return false;
    if (s.pattern && !new RegExp(s.pattern).test(str)) return false;
  }
  if (t === "array") {
    const arr = v as unknown[];
    if (s.maxItems !== undefined && arr.length > s.maxItems) return false;
    if (s.minItems !== undefined && arr.length < s.minItems) return false;
    if (s.items && !arr.every((x) => accepts(s.items!, x))) return false;
  }
  if (t === "object" && s.properties) {
    const o = v as Record<string, unknown>;
    if ((s.required ?? []).some((k) => !Object.hasOwn(o, k) || o[k] === undefined)) return false;
    for (const [k, sub] of Object.entries(s.properties)) {
      if (Object.hasOwn(o, k) && o[k] !== undefined && !accepts(sub, o[k])) return false;
    }
  }
  return true;
}

/** A value of each JSON type, for "wrong type" inputs. */
export const WRONG_TYPES = Object.entries({
  string: "x",
  object: {},
  null: null,
  number: 7,
  boolean: true,
  array: [],
});

/** The body with one plain defect added (a required field left out, else a wrong type), or null. */
export function poisoned(schema: JsonSchema, body: unknown, avoid: unknown): unknown | null {
  const obj = schema.properties ? schema : (schema.anyOf ?? schema.oneOf)?.find((a) => a.properties);
  if (!obj || jsonTypeOf(body) !== "object") return null;
  const required = obj.required ?? [];
  for (const key of [...required, ...Object.keys(obj.properties ?? {})]) {
    if (key === avoid) continue;
    const copy = structuredClone(body) as Record<string, unknown>;
    if (required.includes(key)) delete copy[key];
    else {
      const types = typesOf(obj.properties![key]);
      const wrong = WRONG_TYPES.find(([type]) => types && !types.has(type));
      if (!wrong) continue;
      copy[key] = wrong[1];
    }
    if (!accepts(schema, copy)) return copy;
  }
  return null;
}

/** Whether a raw parameter value may be valid: integers must be plain digits within range. */
export function paramAccepts(p: Param, raw: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return !typesOf(p.schema)?.has("number") && !p.schema.enum && !p.schema.pattern;
  }
  if (value.includes("\u0000")) return false; // a NUL is never text
  if (typesOf(p.schema)?.has("number")) return /^-?\d+$/.test(value) && accepts(p.schema, Number(value));
  if (typesOf(p.schema)?.has("boolean")) return value === "true" || value === "false";
  return accepts(p.schema, value);
}

/** Field paths of a body schema (objects' properties, arrays' first item), with their schemas. */
export function fieldsOf(
  s: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema; required: boolean }[] {
  const obj = s.properties ? s : (s.anyOf ?? s.oneOf)?.find((a) => a.properties);
  const out = [];
  for (const [k, sub] of Object.entries(obj?.properties ?? {})) {
    out.push({ path: [...path, k], schema: sub, required: !!obj?.required?.includes(k) });
    out.push(...fieldsOf(sub, [...path, k]));
  }
  const arr = s.items ? s : (s.anyOf ?? s.oneOf)?.find((a) => a.items);
  if (arr?.items && path.length < 6) {
    out.push(
      { path: [...path, 0], schema: arr.items, required: false },
      ...fieldsOf(arr.items, [...path, 0]),
    );
  }
  return out;
}

/** Sets (or removes) the value at a field path, making the objects and arrays on the way. */
// deno-lint-ignore no-explicit-any
export function setAt(root: any, path: (string | number)[], value: unknown, remove = false) {
  let node = root;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (node[key] === null || typeof node[key] !== "object") {
      node[key] = typeof path[i + 1] === "number" ? [] : {};
    }
    node = node[key];
  }
  if (remove) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return root;
}

/** What is wrong with an error answer, or null when it is JSON in the catalogue shape. */
export async function catalogueProblem(res: Response): Promise<string | null> {
  const text = await res.text();
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) {
    return `not JSON (${res.headers.get("content-type")}${
      res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""
    }): ${text.slice(0, 80)}`;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return `unparseable JSON: ${text.slice(0, 80)}`;
  }
  if (typeof body?.title !== "string" || typeof body.message !== "string") return `no title/message: ${text}`;
  if (typeof body.isValidation !== "boolean") return `no isValidation: ${text.slice(0, 120)}`;
  const errors = body.errors;
  if (
    errors !== undefined &&
    !(Array.isArray(errors) &&
      errors.every((e) => typeof e?.field === "string" && typeof e?.message === "string"))
  ) return `malformed errors[]: ${text.slice(0, 120)}`;
  return null;
}

/** Failures grouped by cause, each with where it happened: one readable line per cause in an assertion. */
export class Failures {
  #groups = new Map<string, string[]>();
  count = 0;

  add(cause: string, where: string) {
    this.count++;
    this.#groups.set(cause, [...(this.#groups.get(cause) ?? []), where]);
  }

  /** `cause (n×: where, where, …)` */
  lines(): string[] {
    return [...this.#groups].map(([cause, where]) =>
      `${cause} (${where.length}×: ${where.slice(0, 6).join(", ")}${where.length > 6 ? ", …" : ""})`
    );
  }
}
