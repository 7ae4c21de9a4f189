/**
 * Calls generated from the served OpenAPI document, for the suites that walk every operation: the
 * operations with their declared access rule, and a request for each (path and query filled with real
 * values of the demo tenant, a body shaped by the schema or an empty one).
 */

// deno-lint-ignore no-explicit-any
type Schema = Record<string, any>;

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: unknown;
  parameters: { name: string; in: "path" | "query"; required?: boolean; schema?: Schema }[];
  body?: Schema;
  document: Schema;
}

export function operationsOf(document: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        access: op["x-access"],
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
        document,
      });
    }
  }
  return ops;
}

/** Real values of the demo processor for the parameters the API names. */
export function valueFor(name: string, schema: Schema = {}): string {
  if (name === "featureKey") return "roiAnalysisMenu";
  if (name === "since") return "2026-01-01T00:00:00.000Z";
  if (/date/i.test(name)) return "2026-01-05";
  if (schema.type === "integer" || schema.type === "number" || /id$/i.test(name)) return "1";
  if (schema.enum) return String(schema.enum[0]);
  return "1";
}

export function resolve(document: Schema, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    s = s.$ref.split("/").slice(1).reduce((node: Schema, key: string) => node[key], document);
  }
  return s;
}

/** A body of the schema's shape with plausible values (required fields only). */
export function sampleOf(document: Schema, schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(document, schema);
  if (depth > 6) return null;
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) return sampleOf(document, (s.anyOf ?? s.oneOf)[0], depth + 1);
  switch (Array.isArray(s.type) ? s.type.find((x: string) => x !== "null") : s.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(document, s.properties?.[key], depth + 1);
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    case "string":
      return s.format === "date" || /\\d\{4\}/.test(s.pattern ?? "") ? "2026-01-05" : "x";
    default:
      return null;
  }
}

/** The path with its parameters filled, and the query of its required parameters. */
export function urlOf(op: Operation, override: Record<string, string> = {}): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = override[p.name] ?? valueFor(p.name, p.schema);
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.required || override[p.name] !== undefined) query.set(p.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Arguments for TestApp.request: the operation with a valid-shaped body, or an empty one. */
export function requestFor(
  op: Operation,
  token: string | null,
  body: "valid" | "empty",
): [string, RequestInit & { token?: string; json?: unknown }] {
  const init: RequestInit & { token?: string; json?: unknown } = { method: op.method };
  if (token) init.token = token;
  if (op.body) init.json = body === "empty" ? {} : sampleOf(op.document, op.body);
  return [urlOf(op), init];
}
