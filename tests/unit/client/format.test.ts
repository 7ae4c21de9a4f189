/**
 * How numbers and dates read (client/ui/format.ts): the same on the server, in islands and in PDFs,
 * Australian style, with formatters made once (a long table formats thousands of cells).
 */
import { describe, expect, it } from "vitest";
import { formatDate, formatDecimal, formatHead, formatKg, formatPrice } from "../../../kernel/format.ts";
import { roundMoney } from "../../../kernel/money.ts";

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

describe("numbers written out as Intl writes them (no locale data loaded in the browser)", () => {
  const values = [
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    0.005,
    1.005,
    -2.345,
    2.675,
    999.995,
    999_999.5,
    -1_234_567.891,
    0.125,
    -0.125,
    12_345_678_901.23,
    999_999_999_999.99,
    -999_999_999_999.995,
  ];
  // and a spread of others, from a fixed seed
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) values.push((next() - 0.5) * 10 ** Math.floor(next() * 13)); // below 10^12

  it("fixed decimals with grouping match Intl.NumberFormat('en-AU')", () => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat("en-AU", {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      for (const v of values) expect(formatDecimal(v, digits), `${v} to ${digits}`).toBe(intl.format(v));
    }
    expect(formatDecimal(Number.NaN)).toBe("—");
    expect(formatDecimal(Number.POSITIVE_INFINITY)).toBe("—");
  });

  it("money matches Intl's AUD currency format", () => {
    const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
    for (const v of values.filter(Number.isFinite)) {
      expect(formatPrice(v), String(v)).toBe(aud.format(roundMoney(v)));
    }
  });
});
