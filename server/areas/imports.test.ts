import { describe, expect, test } from "vitest";
import { rowsRejected } from "./imports.ts";

describe("an import's rows rejected (rowsRejected)", () => {
  test("says how many rows, that only the first are listed, and numbers each row's message", () => {
    const error = rowsRejected([{ row: 3, field: "hscwKg", message: "Enter a weight." }], 1_200, "the file");
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Nothing was saved: 1,200 rows have problems. The first 1 are listed. Fix them and send the file again.",
    );
    expect(error.body).toMatchObject({
      isValidation: true,
      errors: [{ row: 3, field: "hscwKg", message: "Row 3: Enter a weight." }],
    });
  });

  test("a problem of the whole batch (row 0) is said as it is", () => {
    const error = rowsRejected(
      [{ row: 0, field: "", message: "Send at least one carton." }],
      1,
      "the cartons",
    );
    expect(error.message).toBe("Nothing was saved: Send at least one carton.");
  });
});
