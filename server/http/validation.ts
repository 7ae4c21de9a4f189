import { z } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import { ApiError } from "./errors.ts";
import { isCalendarDate, isMoment } from "../../kernel/dates.ts";

/** Every zod failure at the boundary becomes a 400 with isValidation and one message per field. */
// deno-lint-ignore no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result) => {
  if (!result.success) throw ApiError.fromZod(result.error as z.ZodError);
};

/** A query array given as `?ids=1,2,3` or `?ids=1&ids=2` (both forms are sent by existing clients). */
export function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === "") return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter((v) => v !== "");
  }, z.array(item));
}

/** yyyy-MM-dd, the date format of the API, and a real day of the calendar (not 2025-02-30): one message. */
export const isoDate = z.string().refine(isCalendarDate, {
  error: (issue) =>
    /^\d{4}-\d{2}-\d{2}$/.test(String(issue.input)) ? "Not a real date" : "Use the date format yyyy-MM-dd",
}).openapi({ format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/**
 * A moment a client sends (when something happened at the plant): ISO 8601 with its offset, on a real
 * day; kept as UTC (`2026-11-26T18:44:00.000Z`) so moments sort and compare as text.
 */
export const isoDateTime = z.string().max(40).refine(isMoment, {
  error: () => "Use a date and time with its offset, like 2026-11-27T05:44:00+11:00",
}).transform((v) => new Date(v).toISOString()).openapi({
  format: "date-time",
  example: "2026-11-27T05:44:00+11:00",
});

/**
 * On a day page with nothing on the day (a weekend): the nearest days before and after it that have
 * something, each null when there is none (both null on a day that has something).
 */
export const NearestDays = z.object({ before: z.string().nullable(), after: z.string().nullable() }).openapi(
  "NearestDays",
);
export type NearestDays = z.infer<typeof NearestDays>;
