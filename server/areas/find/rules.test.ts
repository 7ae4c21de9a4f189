import { describe, expect, it } from "vitest";
import { readFindQuery } from "./rules.ts";
import { likePattern } from "../finding.ts";

describe("what Find makes of what was typed", () => {
  it("takes order and invoice numbers however they are written", () => {
    for (const typed of ["123", "#123", "No. 123", "no123", "  123 "]) {
      expect(readFindQuery(typed)?.number, typed).toBe(123);
    }
    expect(readFindQuery("RCTI-000123")?.number).toBeNull();
    expect(readFindQuery("12a")?.number).toBeNull();
  });

  it("compacts identifiers written with spaces or dashes", () => {
    expect(readFindQuery("982 000123456789")?.compact).toBe("982000123456789");
    expect(readFindQuery("3abc-d123")?.compact).toBe("3ABCD123");
    expect(readFindQuery("51 824 753 556")?.compact).toBe("51824753556");
    expect(readFindQuery("Hill   Farm")).toEqual({ text: "Hill Farm", compact: "HILLFARM", number: null });
  });

  it("refuses too little or too much", () => {
    expect(readFindQuery(" a ")).toBeNull();
    expect(readFindQuery("x".repeat(101))).toBeNull();
    expect(readFindQuery("ab")).not.toBeNull();
    expect(readFindQuery("7")?.number).toBe(7);
  });

  it("takes % and _ literally in a pattern", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
