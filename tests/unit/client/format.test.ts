/**
 * How numbers and dates read (client/ui/format.ts): the same on the server, in islands and in PDFs,
 * Australian style, with formatters made once (a long table formats thousands of cells).
 */
import { describe, expect, it } from "vitest";
import { formatDate, formatDecimal, formatHead, formatKg } from "../../../client/ui/format.ts";

describe("formats", () => {
  it("whole head with thousands separators; none as a dash", () => {
    expect(formatHead(7)).toBe("7");
    expect(formatHead(12_345)).toBe("12,345");
    expect(formatHead(-1_500)).toBe("-1,500");
    expect(formatHead(null)).toBe("—");
  });

  it("decimals to a fixed number of places, rounded; kilograms to one place", () => {
    expect(formatDecimal(1234.56)).toBe("1,234.6");
    expect(formatDecimal(2, 2)).toBe("2.00");
    expect(formatDecimal(0.125, 2)).toBe("0.13");
    expect(formatDecimal(3.14159, 0)).toBe("3");
    expect(formatKg(21_845.04)).toBe("21,845.0 kg");
  });

  it("plant days as words, with or without the year", () => {
    expect(formatDate("2026-12-01")).toBe("Tue 1 Dec 2026");
    expect(formatDate("2026-12-01", false)).toBe("Tue 1 Dec");
    expect(formatDate(null)).toBe("—");
  });
});
