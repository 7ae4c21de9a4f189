/**
 * The API contract, checked on every answer the API tests receive (issue 45): the operation the path and
 * method name in the published OpenAPI document must declare the answer's status and media type, and a
 * JSON answer must match the declared schema with every object closed (a property the document does not
 * declare fails, so drift is seen the day it happens). tests/helpers/app.ts runs every `request` through
 * `checkAnswer`; the operations each test file validated are written for tests/helpers/contractReport.ts,
 * which lists at the end of the run the operations no test calls.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";

type Json = Record<string, unknown>;
interface Operation {
  id: string;
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** An answer the document does not allow. */
export class ContractError extends Error {
  override name = "ContractError";
}

const SCHEMAS = "contract";
const ref = (name: string) => `${SCHEMAS}#/components/schemas/${name}`;
const refName = (r: string) => r.replace("#/components/schemas/", "");

/**
 * The schema with every object closed: `unevaluatedProperties: false` where properties are listed and no
 * `additionalProperties` is said. The branches of an `allOf` stay open (their `$ref`s point at the open
 * copy) and the composed object is closed instead, since an annotation from a passing branch counts as
 * evaluated there but a closed branch would refuse its siblings' properties.
 */
export function closeSchema(schema: unknown, open = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closeSchema(s, open));
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "$ref" && typeof v === "string") out[k] = ref(refName(v) + (open ? "__open" : ""));
    else if (k === "properties" || k === "patternProperties" || k === "$defs") {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, c]) => [p, closeSchema(c)]));
    } else if (k === "allOf") out[k] = (v as unknown[]).map((b) => closeSchema(b, true));
    else if (["items", "additionalProperties", "anyOf", "oneOf", "not", "prefixItems"].includes(k)) {
      out[k] = closeSchema(v);
    } else out[k] = v;
  }
  const composed = "allOf" in s;
  if (!open && ("properties" in s || composed) && s.additionalProperties === undefined) {
    out.unevaluatedProperties = false;
  }
  return out;
}

/** The checker for one document: compiled schemas are kept per operation, status and media type. */
export function contractChecker(doc: Json) {
  // referenced schemas compiled once and shared, not inlined into every answer's validator
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, inlineRefs: false });
  addFormats.default(ajv);
  ajv.addFormat("binary", true);
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const components: Json = {};
  for (const [name, s] of Object.entries(schemas)) {
    components[name] = closeSchema(s);
    components[`${name}__open`] = closeSchema(s, true);
  }
  ajv.addSchema({ $id: SCHEMAS, components: { schemas: components } });

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const o = op as Json;
      if (!o.responses) continue;
      const source = template.replace(/[.*+?^()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      operations.push({
        id: (o.operationId as string | undefined) ?? `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        params: (template.match(/\{/g) ?? []).length,
        responses: o.responses as Operation["responses"],
      });
    }
  }
  // a literal path wins over a template that would also match it (GetOrder/Summary before GetOrder/{id})
  operations.sort((a, b) => a.params - b.params);
  const compiled = new Map<string, ValidateFunction>(); // by schema text
  const validated = new Set<string>();

  const find = (method: string, path: string) =>
    operations.find((o) => o.method === method && o.pattern.test(path));

  return {
    operations: operations.map((o) => o.id),
    validated,
    /** Throws a ContractError when `res` is not an answer the document allows for `method path`. */
    async check(method: string, url: string, res: Response): Promise<void> {
      const path = new URL(url, "http://localhost").pathname;
      const op = find(method.toUpperCase(), path);
      if (!op) return; // pages, assets and the hub are not in the API document
      const where = `${op.id} (${method.toUpperCase()} ${path}) answered ${res.status}`;
      const status = String(res.status);
      const declared = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
      if (!declared) throw new ContractError(`${where}, a status the document does not declare for it`);
      const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      const content = declared.content ?? {};
      const media = Object.keys(content);
      const hasBody = res.status !== 204 && res.status !== 304 && res.body !== null &&
        res.headers.get("content-length") !== "0";
      if (!hasBody || (!type && media.length === 0)) {
        validated.add(op.id);
        return;
      }
      const declaredType = media.find((m) =>
        m === type || m === "*/*" || (m.endsWith("/*") && type.startsWith(m.slice(0, -1)))
      );
      if (!declaredType) {
        throw new ContractError(
          `${where} as ${type || "no media type"}; the document declares ${media.join(", ") || "no body"}`,
        );
      }
      const schema = content[declaredType]?.schema;
      if (schema && (type === "application/json" || type.endsWith("+json"))) {
        // by the schema itself: most error answers of every operation share one (the catalogue error)
        const key = JSON.stringify(schema);
        let validate = compiled.get(key);
        if (!validate) compiled.set(key, validate = ajv.compile(closeSchema(schema) as Json));
        const body = await res.clone().json();
        if (!validate(body)) {
          const problems = (validate.errors ?? []).slice(0, 5).map((e) =>
            `${e.instancePath || "(answer)"} ${e.message}${
              e.params && "unevaluatedProperty" in e.params ? `: ${e.params.unevaluatedProperty}` : ""
            }`
          );
          throw new ContractError(`${where} with a body its schema refuses: ${problems.join("; ")}`);
        }
      }
      validated.add(op.id);
    },
  };
}

export type ContractChecker = ReturnType<typeof contractChecker>;
