/**
 * What the plant's data imports (kill floor carcasses, yield cartons) answer and list, written once: a
 * batch's counts, and a batch in the import log. Each area extends them with its own fields and names.
 */
import { z } from "@hono/zod-openapi";

const id = z.number().int().positive();

/** A batch's counts: rows read, rows added and rows that replaced earlier ones, and the days it touched. */
const counts = {
  rows: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  productionDates: z.array(z.string()),
};

/** The answer to an import, before the area's own fields. */
export const ImportBatchResult = z.object({ importId: id, ...counts });

/** A batch in the import log: where it came from, who sent it and when, and its counts. */
export const ImportBatchEntry = z.object({
  id,
  source: z.string(),
  name: z.string(),
  sentBy: z.string(),
  sentAt: z.string(),
  ...counts,
});
