import { describe, expect, test } from "vitest";
import { formatAbn, isValidAbn, isValidAcn, normalisePic, padBsb } from "./rules.ts";

describe("supplier identifiers", () => {
  test("a BSB is padded with leading zeros to six digits (spec 1 §5)", () => {
    expect(padBsb("62000")).toBe("062000");
    expect(padBsb("062-000")).toBe("062000");
    expect(padBsb("12")).toBe("000012");
    expect(padBsb("")).toBe("");
  });

  test("ABNs pass the ATO checksum", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("53004085616")).toBe(true);
    expect(isValidAbn("51 824 753 557")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
  });

  test("ACNs pass the ASIC check digit", () => {
    expect(isValidAcn("004 085 616")).toBe(true);
    expect(isValidAcn("000 000 019")).toBe(true);
    expect(isValidAcn("004 085 617")).toBe(false);
  });

  test("PICs are kept upper-case without spaces", () => {
    expect(normalisePic(" na 123456 ")).toBe("NA123456");
  });
});
