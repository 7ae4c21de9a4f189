import { describe, expect, test } from "vitest";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays, isCalendarDate, weekdayIndex } from "../../../../kernel/dates.ts";
import {
  dailyTarget,
  DEFAULT_WEEKDAYS,
  describeWeekdays,
  findOverlap,
  killDayOf,
  NEXT_DAYS,
  ordersVersusTargets,
  type OrderVolume,
  periodsOverlap,
  targetOn,
  type TargetPeriod,
  targetProblems,
  targetSiteOf,
  targetTiming,
} from "./rules.ts";

// 2025-06-02 is a Monday
const MON = "2025-06-02";
const day = (offset: number) => addDays(MON, offset);

const target = (over: Partial<TargetPeriod> = {}): TargetPeriod => ({
  id: 1,
  speciesId: 1,
  tenantSiteId: null,
  daysOperatingPerWeek: 5,
  weeklyTarget: 12_000,
  startDate: MON,
  endDate: null,
  weekDaysSelected: [...DEFAULT_WEEKDAYS],
  ...over,
});

const order = (over: Partial<OrderVolume> = {}): OrderVolume => ({
  speciesId: 1,
  tenantSiteId: 10,
  productionDate: null,
  deliveryDate: MON,
  quantityOrdered: 100,
  orderStatus: ORDER_STATUS.Confirmed,
  ...over,
});

describe("dates", () => {
  test("weekdays run Monday = 0 to Sunday = 6, across a month and a year end", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => weekdayIndex(day(i)))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayIndex("2025-12-31")).toBe(2); // a Wednesday
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  test("only real calendar dates pass", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("2025-6-1")).toBe(false);
  });
});

describe("daily target", () => {
  test("weekly / days operating on the ticked weekdays (Mon–Fri by default), 0 at the weekend", () => {
    const t = target();
    expect(Array.from({ length: 7 }, (_, i) => dailyTarget(t, day(i)))).toEqual([
      2400,
      2400,
      2400,
      2400,
      2400,
      0,
      0,
    ]);
  });

  test("any weekday selection: Tuesday, Thursday and Saturday", () => {
    const t = target({
      weekDaysSelected: [false, true, false, true, false, true, false],
      daysOperatingPerWeek: 3,
      weeklyTarget: 900,
    });
    expect(Array.from({ length: 7 }, (_, i) => dailyTarget(t, day(i)))).toEqual([0, 300, 0, 300, 0, 300, 0]);
  });

  test("an uneven split gives the remainder to the first days, so a week adds up exactly", () => {
    const t = target({
      weeklyTarget: 1000,
      daysOperatingPerWeek: 3,
      weekDaysSelected: [true, false, true, false, true, false, false],
    });
    const week = Array.from({ length: 7 }, (_, i) => dailyTarget(t, day(i)));
    expect(week).toEqual([334, 0, 333, 0, 333, 0, 0]);
    expect(week.reduce((a, b) => a + b)).toBe(1000);
  });

  test("period boundaries are inclusive; nothing before the start or after the end", () => {
    const t = target({ startDate: day(1), endDate: day(3) });
    expect([0, 1, 2, 3, 4].map((i) => dailyTarget(t, day(i)))).toEqual([0, 2400, 2400, 2400, 0]);
  });

  test("an open end runs on for years", () => {
    expect(dailyTarget(target(), addDays(MON, 7 * 520))).toBe(2400);
    expect(dailyTarget(target(), day(-7))).toBe(0);
  });

  test("a zero weekly target asks for nothing", () => {
    expect(dailyTarget(target({ weeklyTarget: 0 }), MON)).toBe(0);
  });
});

describe("validity and overlaps", () => {
  test("a valid target has no problems", () => {
    expect(targetProblems(target())).toEqual([]);
  });

  test("days operating must equal the ticked days; at least one day; end not before start", () => {
    expect(targetProblems(target({ daysOperatingPerWeek: 4 })).map((p) => p.field)).toEqual([
      "daysOperatingPerWeek",
    ]);
    expect(targetProblems(target({ weekDaysSelected: Array(7).fill(false) })).map((p) => p.field))
      .toContain("weekDaysSelected");
    expect(targetProblems(target({ endDate: day(-1) })).map((p) => p.field)).toEqual(["endDate"]);
    expect(targetProblems(target({ endDate: MON }))).toEqual([]); // a one-day target
    expect(targetProblems(target({ weeklyTarget: -1 })).map((p) => p.field)).toEqual(["weeklyTarget"]);
    expect(targetProblems(target({ daysOperatingPerWeek: 8 })).map((p) => p.field)).toEqual([
      "daysOperatingPerWeek",
    ]);
  });

  test("periods overlap when they share a day; open ends reach everything after", () => {
    const jun = { startDate: "2025-06-01", endDate: "2025-06-30" };
    expect(periodsOverlap(jun, { startDate: "2025-06-30", endDate: null })).toBe(true);
    expect(periodsOverlap(jun, { startDate: "2025-07-01", endDate: null })).toBe(false);
    expect(periodsOverlap(jun, { startDate: "2025-05-01", endDate: "2025-05-31" })).toBe(false);
    expect(
      periodsOverlap({ startDate: "2025-01-01", endDate: null }, { startDate: "2030-01-01", endDate: null }),
    )
      .toBe(true);
  });

  test("an overlap counts only for the same species and the same site (or both whole plant)", () => {
    const existing = [
      target({ id: 1 }),
      target({ id: 2, speciesId: 2 }),
      target({ id: 3, tenantSiteId: 10 }),
    ];
    expect(findOverlap(target({ id: null, startDate: day(7) }), existing)?.id).toBe(1);
    expect(findOverlap(target({ id: null, tenantSiteId: 11 }), existing)).toBeUndefined();
    expect(findOverlap(target({ id: null, tenantSiteId: 10 }), existing)?.id).toBe(3);
    // editing a target does not clash with itself
    expect(findOverlap(target({ id: 1, weeklyTarget: 10 }), existing)).toBeUndefined();
    expect(findOverlap(target({ id: null, startDate: day(-10), endDate: day(-1) }), existing))
      .toBeUndefined();
  });

  test("timing: current, future or past relative to today", () => {
    expect(targetTiming(target({ startDate: MON }), MON)).toBe("current");
    expect(targetTiming(target({ startDate: day(1) }), MON)).toBe("future");
    expect(targetTiming(target({ startDate: day(-9), endDate: day(-1) }), MON)).toBe("past");
    expect(targetTiming(target({ startDate: day(-9), endDate: MON }), MON)).toBe("current");
  });

  test("weekday descriptions", () => {
    expect(describeWeekdays(DEFAULT_WEEKDAYS)).toBe("Mon–Fri");
    expect(describeWeekdays([true, false, true, false, true, false, false])).toBe("Mon, Wed, Fri");
    expect(describeWeekdays(Array(7).fill(true))).toBe("Every day");
  });
});

describe("target of a day across sites", () => {
  const sites = [
    target({ id: 1, tenantSiteId: 10, weeklyTarget: 5000 }),
    target({ id: 2, tenantSiteId: 11, weeklyTarget: 2500 }),
  ];

  test("one site: that site's target only", () => {
    expect(targetOn(sites, 1, MON, 10)).toBe(1000);
    expect(targetOn(sites, 1, MON, 12)).toBe(0);
  });

  test("whole plant: the site targets added up, unless a whole-plant target covers the day", () => {
    expect(targetOn(sites, 1, MON)).toBe(1500);
    const plant = target({ id: 3, tenantSiteId: null, weeklyTarget: 10_000, startDate: day(7) });
    expect(targetOn([...sites, plant], 1, MON)).toBe(1500);
    expect(targetOn([...sites, plant], 1, day(7))).toBe(2000);
    // the whole-plant target's weekend (0) is the plant's answer: site targets are not added instead
    expect(targetOn([...sites, plant], 1, day(12))).toBe(0);
  });

  test("another species' targets never count", () => {
    expect(targetOn(sites, 2, MON)).toBe(0);
  });

  test("a site is held to its own target, or to the plant's where the plant sets none by site", () => {
    expect(targetSiteOf(sites, 1, 12)).toBe(12); // a site without one of its own: 0, not the plant's
    const plantOnly = [target({ id: 3, tenantSiteId: null, weeklyTarget: 10_000 })];
    expect(targetSiteOf(plantOnly, 1, 10)).toBeNull();
    expect(targetOn(plantOnly, 1, MON, targetSiteOf(plantOnly, 1, 10))).toBe(2000);
    expect(targetSiteOf(plantOnly, 1, null)).toBeNull();
  });
});

describe("orders versus targets (spec 1 §9)", () => {
  const species = [{ id: 1, name: "Sheep" }, { id: 2, name: "Beef" }];

  test("60 days by default: today plus 59 days exactly", () => {
    const [sheep] = ordersVersusTargets({ fromDate: MON, species, targets: [], orders: [] });
    expect(NEXT_DAYS).toBe(60);
    expect(sheep.days).toHaveLength(60);
    expect(sheep.days[0].date).toBe(MON);
    expect(sheep.days.at(-1)!.date).toBe(addDays(MON, 59));
    expect(new Set(sheep.days.map((d) => d.date)).size).toBe(60);
  });

  test("per species and day: ordered head on the kill day, the target and the difference", () => {
    const series = ordersVersusTargets({
      fromDate: MON,
      days: 7,
      species,
      targets: [
        target(),
        target({
          id: 2,
          speciesId: 2,
          weeklyTarget: 400,
          daysOperatingPerWeek: 4,
          weekDaysSelected: [true, true, true, true, false, false, false],
        }),
      ],
      orders: [
        order({ quantityOrdered: 600 }),
        order({ quantityOrdered: 400, tenantSiteId: 11 }),
        // delivered on Monday, killed on Tuesday: counts on Tuesday
        order({ quantityOrdered: 300, productionDate: day(1) }),
        order({ speciesId: 2, quantityOrdered: 80, deliveryDate: day(3) }),
        // Saturday delivery with no target that day
        order({ quantityOrdered: 50, deliveryDate: day(5) }),
      ],
    });
    const [sheep, beef] = series;
    expect(sheep.species).toBe("Sheep");
    expect(sheep.days.map((d) => [d.ordered, d.target, d.difference])).toEqual([
      [1000, 2400, -1400],
      [300, 2400, -2100],
      [0, 2400, -2400],
      [0, 2400, -2400],
      [0, 2400, -2400],
      [50, 0, 50],
      [0, 0, 0],
    ]);
    expect(sheep.days.map((d) => d.isWeekend)).toEqual([false, false, false, false, false, true, true]);
    expect(sheep).toMatchObject({ totalOrdered: 1350, totalTarget: 12_000, totalDifference: -10_650 });
    expect(beef.days.map((d) => d.ordered)).toEqual([0, 0, 0, 80, 0, 0, 0]);
    expect(beef.days.map((d) => d.target)).toEqual([100, 100, 100, 100, 0, 0, 0]);
  });

  test("cancelled orders do not count, whatever their size", () => {
    const [sheep] = ordersVersusTargets({
      fromDate: MON,
      days: 1,
      species: [species[0]],
      targets: [],
      orders: [
        order({ quantityOrdered: 100 }),
        order({ quantityOrdered: 5000, orderStatus: ORDER_STATUS.Cancelled }),
      ],
    });
    expect(sheep.days[0].ordered).toBe(100);
  });

  test("orders outside the window are left out; with a site, other sites' orders too", () => {
    const orders = [
      order({ deliveryDate: day(-1) }),
      order({ deliveryDate: day(60) }),
      order({ deliveryDate: day(2), tenantSiteId: 10, quantityOrdered: 7 }),
      order({ deliveryDate: day(2), tenantSiteId: 11, quantityOrdered: 11 }),
    ];
    const all = ordersVersusTargets({ fromDate: MON, species: [species[0]], targets: [], orders });
    expect(all[0].totalOrdered).toBe(18);
    const site = ordersVersusTargets({
      fromDate: MON,
      species: [species[0]],
      targets: [target({ tenantSiteId: 11, weeklyTarget: 500 }), target({ id: 2, tenantSiteId: null })],
      orders,
      tenantSiteId: 11,
    });
    expect(site[0].days[2]).toMatchObject({ ordered: 11, target: 100, difference: -89 });
    expect(site[0].targetOfWholePlant).toBe(false);
    // a plant that sets one target for the plant: a site is held to it, and the series says so
    const plantOnly = ordersVersusTargets({
      fromDate: MON,
      species: [species[0]],
      targets: [target()],
      orders,
      tenantSiteId: 11,
    });
    expect(plantOnly[0].days[2]).toMatchObject({ ordered: 11, target: 2400 });
    expect(plantOnly[0].targetOfWholePlant).toBe(true);
  });

  test("the kill day is the production date, else the delivery date", () => {
    expect(killDayOf({ productionDate: day(1), deliveryDate: MON })).toBe(day(1));
    expect(killDayOf({ productionDate: null, deliveryDate: MON })).toBe(MON);
  });

  test("a target change mid-window shows from its first day", () => {
    const [sheep] = ordersVersusTargets({
      fromDate: MON,
      days: 14,
      species: [species[0]],
      targets: [target({ endDate: day(6) }), target({ id: 2, startDate: day(7), weeklyTarget: 15_000 })],
      orders: [],
    });
    expect(sheep.days[4].target).toBe(2400);
    expect(sheep.days[7].target).toBe(3000);
  });
});
