/**
 * What the plant's imports share (the kill floor's carcass files, yield's carton batches): a past import as
 * the lists show it, how many of them a list asks for, and the 400 of an import whose rows have errors
 * (nothing is saved).
 */
import { z } from "@hono/zod-openapi";
import { ApiError } from "../http/errors.ts";
import { wholeNumber } from "../http/params.ts";

/** A past import's fields, in the answer's order (each area names its own OpenAPI component). */
export const importFields = {
  id: z.number().int().positive(),
  source: z.string(),
  name: z.string(),
  sentBy: z.string(),
  sentAt: z.string(),
  rows: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  productionDates: z.array(z.string()),
};

/** The newest past imports, at most `limit` (1–100). */
export const ImportsQuery = z.object({ limit: wholeNumber({ min: 1, max: 100 }).optional() });

export interface RejectedRow {
  /** 1 = the first data row (a CSV's header is row 0; row 0 is the file or batch as a whole) */
  row: number;
  field: string;
  message: string;
}

/**
 * The rows' errors in the catalogue shape: `errorRows` rows had errors (more than are listed, at times);
 * `sendAgain` names what to send again ("the file").
 */
export function rowsRejected(errors: RejectedRow[], errorRows: number, sendAgain: string): ApiError {
  const listed = errors.length < errorRows ? ` The first ${errors.length} are listed.` : "";
  const rowWord = errorRows === 1
    ? "1 row has a problem"
    : `${errorRows.toLocaleString("en-AU")} rows have problems`;
  return new ApiError(
    400,
    errors[0]?.row === 0
      ? `Nothing was saved: ${errors[0].message}`
      : `Nothing was saved: ${rowWord}.${listed} Fix them and send ${sendAgain} again.`,
    {
      isValidation: true,
      errors: errors.map((e) => ({
        row: e.row,
        field: e.field,
        message: e.row ? `Row ${e.row}: ${e.message}` : e.message,
      })),
    },
  );
}
