import { z } from "@hono/zod-openapi";

/**
 * Numbers read from paths, queries and forms. Written in decimal digits only: "16", never "0x10",
 * "1e1", " 16" or "16.0" (z.coerce would take all of those). A JSON number passes as it is.
 */
export function wholeNumber({ min = 1, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  const message = min > 0 ? "Use a whole number of at least " + min : "Use a whole number";
  return z.preprocess(
    (value) => (typeof value === "string" && /^-?\d{1,16}$/.test(value) ? Number(value) : value),
    z.number({ error: "Use a whole number written in digits" }).int(message).min(min, message)
      .max(max, `Use a number up to ${max}`),
  );
}

/** A record id (a positive whole number). */
export const idNumber = () => wholeNumber();

/** A path parameter holding a record id, `{name}` in the path. */
export function idParam<N extends string>(name: N) {
  return z.object(
    { [name]: idNumber().openapi({ param: { name, in: "path" }, type: "integer" }) } as {
      [K in N]: ReturnType<typeof idNumber>;
    },
  );
}

/** `{id}` in the path: the one id parameter of every area. */
export const IdParam = idParam("id");

/** The most rows a list endpoint answers at once, and the default. */
export const MAX_PAGE_SIZE = 1000;

/**
 * A page of a list endpoint that answers a JSON array (the spec's shape): rows from `startIndex`, at most
 * `pageSize`; the answer's `X-Total-Count` header says how many there are in all (see `pageHeaders`).
 */
export const PageQuery = z.object({
  startIndex: wholeNumber({ min: 0 }).optional().openapi({ description: "first row, from 0" }),
  pageSize: wholeNumber({ min: 1, max: MAX_PAGE_SIZE }).optional()
    .openapi({ description: `rows in the answer, at most ${MAX_PAGE_SIZE} (the default)` }),
});

export const pageOf = (q: { startIndex?: number; pageSize?: number }) => ({
  offset: q.startIndex ?? 0,
  limit: q.pageSize ?? MAX_PAGE_SIZE,
});

/** The total behind a paged array answer. */
export const pageHeaders = (total: number) => ({ "X-Total-Count": String(total) });
