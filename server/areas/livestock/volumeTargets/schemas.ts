import { idNumber, wholeNumber } from "../../../http/params.ts";
/**
 * Kill volume targets and the orders-versus-targets series at the API boundary (spec 1 §3, §7, §9;
 * spec 2 §3, §7.3). Shape checks live here; rules that compare fields (ticked days against days
 * operating, end after start, overlaps) are in rules.ts and the service, so the form and the API agree.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { DEFAULT_WEEKDAYS, MAX_SERIES_DAYS } from "./rules.ts";

const id = z.number().int().positive();
const date = isoDate;
const queryId = idNumber();

export { IdParam } from "../../../http/params.ts";

export const TargetsQuery = z.object({
  /** only this species' targets */
  speciesId: queryId.optional(),
});

export const SeriesQuery = z.object({
  /** first day of the series; default the caller's today (X-Local-Date) */
  fromDate: date.optional(),
  /** how many days; default 60 (today plus 59) */
  days: wholeNumber({ min: 1, max: MAX_SERIES_DAYS }).optional(),
  /** only this species; default every species of the caller */
  speciesId: queryId.optional(),
  /** only this site's orders and targets; default the whole plant */
  tenantSiteId: queryId.optional(),
});

/**
 * Seven booleans, Monday to Sunday. The data form sends its weekday checkboxes (`weekDaysSelected.0`
 * … `.6`) as an object keyed "0"…"6"; that is turned into the same list.
 */
const WeekDays = z.preprocess(
  (v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Array.from({ length: 7 }, (_, i) => (v as Record<string, unknown>)[String(i)] ?? false)
      : v,
  z.array(z.boolean(), { message: "Give seven true/false values, Monday to Sunday" })
    .length(7, "Give seven days, Monday to Sunday"),
);

export const UpsertKillVolumeTargetBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  speciesId: id,
  /** null or absent: the whole plant */
  tenantSiteId: id.nullish().transform((v) => v ?? null),
  /** absent: the number of ticked days; given: must equal it */
  daysOperatingPerWeek: z.number().int().min(1, "Days operating per week is 1 to 7")
    .max(7, "Days operating per week is 1 to 7").nullish().transform((v) => v ?? null),
  weeklyTarget: z.number({ message: "Enter the weekly target (head)" }).int("Use whole head")
    .min(0, "The weekly target cannot be negative").max(1_000_000),
  startDate: date,
  /** null or absent: onwards */
  endDate: date.nullish().transform((v) => v ?? null),
  weekDaysSelected: WeekDays.optional().transform((v) => v ?? [...DEFAULT_WEEKDAYS]),
  lastModified: z.string().nullish(),
}).openapi("UpsertKillVolumeTarget");
export type UpsertKillVolumeTargetBody = z.infer<typeof UpsertKillVolumeTargetBody>;

export const DeleteKillVolumeTargetBody = z.object({
  killVolumeTargetId: id,
  lastModified: z.string().nullish(),
}).openapi("DeleteKillVolumeTarget");
export type DeleteKillVolumeTargetBody = z.infer<typeof DeleteKillVolumeTargetBody>;

export const KillVolumeTarget = z.object({
  id: z.number(),
  speciesId: z.number(),
  species: z.string(),
  tenantSiteId: z.number().nullable(),
  /** the site's name, or "All sites" */
  tenantSite: z.string(),
  daysOperatingPerWeek: z.number(),
  weeklyTarget: z.number(),
  /** weeklyTarget / daysOperatingPerWeek, rounded: the usual day's head */
  dailyTarget: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** Monday … Sunday */
  weekDaysSelected: z.array(z.boolean()),
  /** relative to the caller's today */
  timing: z.enum(["current", "future", "past"]),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("KillVolumeTarget");
export type KillVolumeTarget = z.infer<typeof KillVolumeTarget>;

const VolumeDay = z.object({
  date: z.string(),
  /** Monday = 0 … Sunday = 6 */
  weekday: z.number(),
  isWeekend: z.boolean(),
  ordered: z.number(),
  target: z.number(),
  /** ordered − target */
  difference: z.number(),
});

export const OrdersVersusTargets = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  days: z.number(),
  tenantSiteId: z.number().nullable(),
  series: z.array(z.object({
    speciesId: z.number(),
    species: z.string(),
    totalOrdered: z.number(),
    totalTarget: z.number(),
    totalDifference: z.number(),
    targetOfWholePlant: z.boolean().openapi({
      description: "a site was asked for and the plant sets no target by site: the targets are the whole " +
        "plant's (a site is held to the plant's target then)",
    }),
    days: z.array(VolumeDay),
  })),
}).openapi("OrdersVersusTargets");
export type OrdersVersusTargets = z.infer<typeof OrdersVersusTargets>;
