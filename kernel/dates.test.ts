import { describe, expect, it, it as test } from "vitest";
import {
  addDays,
  daysBetween,
  isCalendarDate,
  isTimeZone,
  isWeekend,
  startOfDayIn,
  todayIn,
  weekdayIndex,
} from "./dates.ts";
import { isoDate } from "../server/http/validation.ts";

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

describe("the plant's today", () => {
  const at = new Date("2026-03-01T20:30:00Z"); // 7:30 am on 2 March in Sydney (daylight time)
  test("is the day in the plant's zone, not the server's", () => {
    expect(todayIn("UTC", at)).toBe("2026-03-01");
    expect(todayIn("Australia/Sydney", at)).toBe("2026-03-02");
    expect(todayIn("Australia/Perth", at)).toBe("2026-03-02");
  });
  test("a plant's day starts at its own midnight, daylight time or not", () => {
    expect(startOfDayIn("Australia/Sydney", "2026-11-27")).toBe("2026-11-26T13:00:00.000Z"); // AEDT +11
    expect(startOfDayIn("Australia/Sydney", "2026-07-01")).toBe("2026-06-30T14:00:00.000Z"); // AEST +10
    // 5 April 2026: clocks go back at 3 am; the day still began at +11
    expect(startOfDayIn("Australia/Sydney", "2026-04-05")).toBe("2026-04-04T13:00:00.000Z");
    expect(startOfDayIn("Australia/Sydney", "2026-04-06")).toBe("2026-04-05T14:00:00.000Z");
    expect(startOfDayIn("Australia/Perth", "2026-11-27")).toBe("2026-11-26T16:00:00.000Z");
    expect(startOfDayIn("UTC", "2026-11-27")).toBe("2026-11-27T00:00:00.000Z");
  });
  test("only known zones are accepted", () => {
    expect(isTimeZone("Australia/Brisbane")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
