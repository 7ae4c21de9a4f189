/** The 400 of an import whose rows have errors (the kill floor's carcasses, yield's cartons): nothing is saved. */
import { ApiError } from "../http/errors.ts";

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
