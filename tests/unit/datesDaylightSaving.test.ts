/**
 * Plant dates across Australia's daylight-saving changes (issue 40 item 8): Sydney moves from AEST (+10)
 * to AEDT (+11) at 2 am on the first Sunday of October (2026-10-04) and back at 3 am on the first Sunday of
 * April (2026-04-05); Perth stays on AWST (+8). On a pinned clock, on both sides of each change: the plant's
 * today, where its day starts among stored moments, the seven planner days and an agenda's times.
 */
import { afterAll, describe, expect, test } from "vitest";
import { addDays, daysBetween, startOfDayIn, todayIn, weekdayIndex } from "../../kernel/dates.ts";
import { clockTime, formatTime } from "../../kernel/format.ts";
import { fixClockForTests, plantToday } from "../../server/clock.ts";

const SYDNEY = "Australia/Sydney";
const PERTH = "Australia/Perth";
const at = (iso: string) => new Date(iso);

afterAll(() => fixClockForTests(null));

describe("the first Sunday of October (Sydney goes to +11)", () => {
  test("today at the plant just before and after midnight, on either side of the change", () => {
    // Saturday 23:59 AEST and Sunday 00:00 AEST (the change comes at 02:00)
    expect(todayIn(SYDNEY, at("2026-10-03T13:59:00Z"))).toBe("2026-10-03");
    expect(todayIn(SYDNEY, at("2026-10-03T14:00:00Z"))).toBe("2026-10-04");
    // 01:59 AEST is followed by 03:00 AEDT: still Sunday
    expect(todayIn(SYDNEY, at("2026-10-03T15:59:00Z"))).toBe("2026-10-04");
    expect(todayIn(SYDNEY, at("2026-10-03T16:00:00Z"))).toBe("2026-10-04");
    // Sunday 23:59 AEDT and Monday 00:00 AEDT: midnight is an hour earlier in UTC than the day before
    expect(todayIn(SYDNEY, at("2026-10-04T12:59:00Z"))).toBe("2026-10-04");
    expect(todayIn(SYDNEY, at("2026-10-04T13:00:00Z"))).toBe("2026-10-05");
    // Perth has no daylight saving: its midnight is 16:00 UTC all year
    expect(todayIn(PERTH, at("2026-10-04T15:59:00Z"))).toBe("2026-10-04");
    expect(todayIn(PERTH, at("2026-10-04T16:00:00Z"))).toBe("2026-10-05");
  });

  test("a plant day's first moment, and the 23-hour day of the change", () => {
    expect(startOfDayIn(SYDNEY, "2026-10-03")).toBe("2026-10-02T14:00:00.000Z");
    expect(startOfDayIn(SYDNEY, "2026-10-04")).toBe("2026-10-03T14:00:00.000Z");
    expect(startOfDayIn(SYDNEY, "2026-10-05")).toBe("2026-10-04T13:00:00.000Z");
    const hours =
      (Date.parse(startOfDayIn(SYDNEY, "2026-10-05")) - Date.parse(startOfDayIn(SYDNEY, "2026-10-04"))) /
      3_600_000;
    expect(hours).toBe(23);
    expect(startOfDayIn(PERTH, "2026-10-04")).toBe("2026-10-03T16:00:00.000Z");
    expect(startOfDayIn(PERTH, "2026-10-05")).toBe("2026-10-04T16:00:00.000Z");
  });

  test("an agenda's times either side of 2 am (which does not exist that night)", () => {
    expect(clockTime(at("2026-10-03T15:30:00Z"), SYDNEY)).toBe("01:30");
    expect(clockTime(at("2026-10-03T16:00:00Z"), SYDNEY)).toBe("03:00");
    expect(clockTime(at("2026-10-04T19:30:00Z"), SYDNEY)).toBe("06:30"); // Monday 6:30 am AEDT
    expect(formatTime("2026-10-04T19:30:00Z", SYDNEY)).toMatch(/^6:30\sam$/);
    expect(clockTime(at("2026-10-04T22:30:00Z"), PERTH)).toBe("06:30");
  });
});

describe("the first Sunday of April (Sydney goes back to +10)", () => {
  test("today at the plant on either side of the change and of midnight", () => {
    expect(todayIn(SYDNEY, at("2026-04-04T12:59:00Z"))).toBe("2026-04-04"); // Sat 23:59 AEDT
    expect(todayIn(SYDNEY, at("2026-04-04T13:00:00Z"))).toBe("2026-04-05"); // Sun 00:00 AEDT
    expect(todayIn(SYDNEY, at("2026-04-04T16:30:00Z"))).toBe("2026-04-05"); // 02:30 AEST (the second time)
    expect(todayIn(SYDNEY, at("2026-04-05T13:59:00Z"))).toBe("2026-04-05"); // Sun 23:59 AEST
    expect(todayIn(SYDNEY, at("2026-04-05T14:00:00Z"))).toBe("2026-04-06"); // Mon 00:00 AEST
  });

  test("a plant day's first moment, and the 25-hour day of the change", () => {
    expect(startOfDayIn(SYDNEY, "2026-04-05")).toBe("2026-04-04T13:00:00.000Z");
    expect(startOfDayIn(SYDNEY, "2026-04-06")).toBe("2026-04-05T14:00:00.000Z");
    const hours =
      (Date.parse(startOfDayIn(SYDNEY, "2026-04-06")) - Date.parse(startOfDayIn(SYDNEY, "2026-04-05"))) /
      3_600_000;
    expect(hours).toBe(25);
  });

  test("an agenda's times: 2:30 am happens twice; 6:30 am on Monday is 20:30 UTC", () => {
    expect(clockTime(at("2026-04-04T15:30:00Z"), SYDNEY)).toBe("02:30"); // AEDT
    expect(clockTime(at("2026-04-04T16:30:00Z"), SYDNEY)).toBe("02:30"); // AEST
    expect(clockTime(at("2026-04-05T20:30:00Z"), SYDNEY)).toBe("06:30");
    expect(clockTime(at("2026-04-05T22:30:00Z"), PERTH)).toBe("06:30");
  });
});

describe("the server's today and the seven planner days on a pinned clock", () => {
  test("plantToday follows the plant's zone across each change", () => {
    fixClockForTests(at("2026-10-04T13:30:00Z")); // Monday 00:30 AEDT, Sunday 21:30 AWST
    expect(plantToday(SYDNEY)).toBe("2026-10-05");
    expect(plantToday(PERTH)).toBe("2026-10-04");
    fixClockForTests(at("2026-04-05T13:30:00Z")); // Sunday 23:30 AEST, Sunday 21:30 AWST
    expect(plantToday(SYDNEY)).toBe("2026-04-05");
    expect(plantToday(PERTH)).toBe("2026-04-05");
  });

  test("seven plant days from a day before each change are seven calendar days, Monday first", () => {
    for (const from of ["2026-09-28", "2026-03-30"]) {
      const week = Array.from({ length: 7 }, (_, i) => addDays(from, i));
      expect(week.map(weekdayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(new Set(week).size).toBe(7);
      expect(daysBetween(week[0], week[6])).toBe(6);
      // each day starts once, in order, 23 to 25 hours after the one before
      const starts = week.map((d) => Date.parse(startOfDayIn(SYDNEY, d)));
      for (let i = 1; i < 7; i++) expect([23, 24, 25]).toContain((starts[i] - starts[i - 1]) / 3_600_000);
    }
  });
});
