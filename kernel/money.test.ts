import { describe, expect, it } from "vitest";
import { formatCents, formatMoney, roundMoney, toCents } from "./money.ts";

describe("money: one rounding rule", () => {
  it("rounds half away from zero at the cent, including binary fractions typed as exact cents", () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(8.445)).toBe(845);
    expect(toCents(0.005)).toBe(1);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(roundMoney(2.675)).toBe(2.68);
  });

  it("reads as en-AU dollars", () => {
    expect(formatMoney(8.45)).toBe("$8.45");
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(-2.345)).toBe("-$2.35");
    expect(formatMoney(null)).toBe("—");
    expect(formatCents(123456)).toBe("$1,234.56");
  });
});
