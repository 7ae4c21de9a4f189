import { z } from "zod";

/**
 * A free-text search value of a page's address (`?q=`: the yard's filter, Find). The page router
 * JSON-parses search values, so `?q=101` arrives as the number 101 and `?q=true` as a boolean: take them
 * back as the text that was typed.
 */
export const searchText = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : String(v)),
  z.string().trim().max(100).optional(),
);
