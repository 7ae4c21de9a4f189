import { describe, expect, test } from "vitest";
import { formatMetric, moneyChange, pp, tone } from "../format.ts";
import {
  carcassView,
  csvLines,
  mayChangeReport,
  maySeeReport,
  rangeWords,
  reportRange,
  varianceTone,
} from "./rules.ts";

const TODAY = "2026-12-02";

describe("a report's range", () => {
  test("0 days is today; N days end yesterday; fixed dates stay; too many days are capped at 90", () => {
    expect(reportRange({ relativeDays: 0 }, TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(reportRange({ relativeDays: 14 }, TODAY)).toEqual({ from: "2026-11-18", to: "2026-12-01" });
    expect(reportRange({ fromDate: "2026-01-01", toDate: "2026-01-31" }, TODAY)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(reportRange({ relativeDays: 500 }, TODAY).from).toBe("2026-09-03");
    expect(reportRange({}, TODAY)).toEqual({ from: "2026-11-25", to: "2026-12-01" });
  });

  test("in words", () => {
    expect(rangeWords({ relativeDays: 0 }, String)).toBe("Today");
    expect(rangeWords({ relativeDays: 14 }, String)).toBe("Last 14 days");
    expect(rangeWords({ fromDate: "a", toDate: "b" }, String)).toBe("a – b");
  });
});

describe("who", () => {
  test("the owner or an admin changes a report; a private one is the owner's alone", () => {
    expect(mayChangeReport(5, 5, false)).toBe(true);
    expect(mayChangeReport(5, 6, false)).toBe(false);
    expect(mayChangeReport(5, 6, true)).toBe(true);
    expect(maySeeReport({ ownerId: 5, isShared: false }, 6)).toBe(false);
    expect(maySeeReport({ ownerId: 5, isShared: true }, 6)).toBe(true);
  });
});

describe("figures and the TV", () => {
  test("a figure reads by its unit; a variance's tone follows which way is better", () => {
    expect(formatMetric(null, "%")).toBe("—");
    expect(formatMetric(71.25, "%")).toBe("71.25 %");
    expect(formatMetric(0.5, "pp")).toBe("+0.50 pp");
    expect(varianceTone(-0.2, "higher")).toBe("bad");
    expect(varianceTone(-0.2, "lower")).toBe("good");
    expect(varianceTone(0, "higher")).toBe("level");
  });

  test("a variance that shows as nought is level: no sign, no fall, no colour", () => {
    expect(formatMetric(-0.004, "pp")).toBe("0.00 pp");
    expect(formatMetric(-0.006, "pp")).toBe("-0.01 pp");
    expect(pp(0.004)).toBe("0.00 pp");
    expect(moneyChange(-0.001)).toBe("$0.00");
    expect(tone(-0.004)).toBeUndefined();
    expect(tone(-0.006)).toBe("yield-down");
    expect(varianceTone(-0.004, "higher")).toBe("level");
    expect(varianceTone(-0.006, "higher")).toBe("bad");
  });

  test("carcass views: three a species, none beyond", () => {
    expect(carcassView(0, 2)).toEqual({
      speciesIndex: 0,
      view: expect.objectContaining({ key: "todayByShift" }),
    });
    expect(carcassView(5, 2)).toEqual({
      speciesIndex: 1,
      view: expect.objectContaining({ key: "weekByDay" }),
    });
    expect(carcassView(6, 2)).toBeNull();
    expect(carcassView(-1, 2)).toBeNull();
  });

  test("CSV quotes what must be quoted", () => {
    expect(csvLines([["a,b", 'say "hi"', 3, null]])).toBe('"a,b","say ""hi""",3,\r\n');
  });
});
