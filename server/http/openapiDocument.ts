/**
 * What the published API document says of every operation beyond its own route: the answers the server
 * may give any call before or around the route (issue 45). 429: too many open connections from one
 * address (server/http/listener.ts), and the sign-in, reset and phone-code limits; 503: the server is
 * draining for a restart (server/ops/shutdown.ts) or the tenant's database is not ready; 413: a body over
 * the request limit, and 415: a body not of the media type the operation takes, on every operation that
 * takes one. 429 and 503 say when to try again in Retry-After.
 */
type Operation = { requestBody?: unknown; responses?: Record<string, unknown> };

// ApiError: the catalogue error's named schema, registered by every route's own error answers
const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } };
const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer", minimum: 0 },
  },
};

const ANY_CALL = {
  429: {
    description: "Too many requests or open connections from this address: wait and try again",
    headers: retryAfter,
    content: errorContent,
  },
  503: {
    description: "The server is restarting, or the organisation's data is not ready: try again shortly",
    headers: retryAfter,
    content: errorContent,
  },
};
const WITH_BODY = {
  413: { description: "The request body is over the limit", content: errorContent },
  415: { description: "The body is not of the media type this operation takes", content: errorContent },
};

/**
 * A named schema made nullable is written by the generator as `allOf: [{$ref}, {type: [object, null]}]`,
 * which no null can pass (the referenced object refuses it): said instead as "the schema, or null".
 */
function nullableRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableRefs);
  if (!node || typeof node !== "object") return node;
  const o = node as Record<string, unknown>;
  const all = o.allOf as Record<string, unknown>[] | undefined;
  if (
    all?.length === 2 && typeof all[0].$ref === "string" && Object.keys(all[1]).length === 1 &&
    Array.isArray(all[1].type) && all[1].type.includes("null")
  ) {
    const { allOf: _, ...rest } = o;
    return { ...rest, anyOf: [all[0], { type: "null" }] };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, nullableRefs(v)]));
}

/**
 * The document with the answers every operation may give added where its route does not say them, and
 * nullable named schemas said so that null passes.
 */
export function withServerAnswers<T extends { paths?: unknown }>(input: T): T {
  const doc = nullableRefs(input) as T;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>;
  for (const methods of Object.values(paths)) {
    for (const op of Object.values(methods)) {
      if (!op?.responses) continue;
      const add = op.requestBody ? { ...WITH_BODY, ...ANY_CALL } : ANY_CALL;
      for (const [status, answer] of Object.entries(add)) op.responses[status] ??= answer;
    }
  }
  return doc;
}
