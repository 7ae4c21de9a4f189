import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isCalendarDate, isWeekend, weekdayIndex } from "./dates.ts";
import { isoDate } from "../http/validation.ts";

describe("the calendar", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2026-03-01")).toBe(59);
  });

  it("weekdays run Monday 0 to Sunday 6", () => {
    expect(weekdayIndex("2026-11-23")).toBe(0);
    expect(isWeekend("2026-11-28")).toBe(true);
  });

  it("a date is a real day of the calendar, in the API's one date schema too", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-6-1")).toBe(false);
    expect(isoDate.safeParse("2025-02-30").success).toBe(false);
    expect(isoDate.safeParse("2025-02-28").success).toBe(true);
  });
});
