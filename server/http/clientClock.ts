import { createMiddleware } from "hono/factory";
import { ApiError } from "./errors.ts";
import { getCookie } from "hono/cookie";
import { daysBetween, isCalendarDate, isTimeZone } from "../../kernel/dates.ts";
import { formatDate } from "../../kernel/format.ts";
import type { Config } from "../config.ts";
import type { Caller } from "../auth/userModel.ts";
import { plantToday } from "../clock.ts";

/** The browser's time zone, set by the page's boot script (client/runtime/boot.ts) for page requests. */
export const TIME_ZONE_COOKIE = "tz";

/** The caller's local date, time and API version, from the headers every client sends. */
export interface ClientClock {
  /** the plant's today (`plantToday`), or X-Local-Date when that is within a day of it */
  localDate: string;
  localTime: string | null;
  /**
   * The plant's zone (the organisation's, once its details were saved), else the browser's (cookie `tz`),
   * else the configured TIME_ZONE: how times are shown and which day is "today" at the plant. A super user
   * in Sydney looking at a Perth plant at 11 pm sees Perth's day, as the plant's own staff do.
   */
  timeZone: string;
  apiVersion: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

/** How far a client's date may be from the plant's today: a day either way (a device in another zone). */
export const LOCAL_DATE_LEEWAY_DAYS = 1;

/** The zone a caller's day is in: the plant's, else the browser's (`tz` cookie), else the configured one. */
export function zoneOf(caller: Caller | null, browserZone: string | undefined, configured: string): string {
  const plant = caller?.plantTimeZone;
  if (plant && isTimeZone(plant)) return plant;
  return browserZone && isTimeZone(browserZone) ? browserZone : configured;
}

/**
 * The day a request works on: the plant's today, or the client's date when it is within a day of it (a
 * device in a neighbouring zone, or just past midnight). A date further off is refused in words rather
 * than moving "today" (a past day's agenda must not become plannable by changing a header).
 */
export function requestDay(clientDate: string | null, plantDay: string): string {
  if (!clientDate) return plantDay;
  if (Math.abs(daysBetween(plantDay, clientDate)) <= LOCAL_DATE_LEEWAY_DAYS) return clientDate;
  throw ApiError.validation(
    [{
      field: "X-Local-Date",
      message: `Your device's date, ${formatDate(clientDate)}, is more than a day away from today at the ` +
        `plant, ${formatDate(plantDay)}. Set the device's date and time correctly and try again.`,
    }],
    `Your device's date (${formatDate(clientDate)}) is not today at the plant (${formatDate(plantDay)}). ` +
      "Set the device's date and time correctly and try again.",
  );
}

/** Runs after `identify`: the caller's organisation decides the zone. */
export const clientClock = createMiddleware<
  { Variables: { clock: ClientClock; app: { config: Pick<Config, "TIME_ZONE"> }; caller: Caller | null } }
>(
  async (c, next) => {
    const localDate = c.req.header("x-local-date") ?? null;
    const localTime = c.req.header("x-local-time") ?? null;
    const apiVersion = c.req.header("x-api-version") ?? null;
    const errors = [];
    if (localDate && !isCalendarDate(localDate)) {
      errors.push({ field: "X-Local-Date", message: "Use yyyy-MM-dd" });
    }
    if (localTime && !TIME.test(localTime)) errors.push({ field: "X-Local-Time", message: "Use HH:mm:ss" });
    if (errors.length) throw ApiError.validation(errors);
    const timeZone = zoneOf(c.get("caller"), getCookie(c, TIME_ZONE_COOKIE), c.get("app").config.TIME_ZONE);
    const today = requestDay(localDate, plantToday(timeZone));
    c.set("clock", { localDate: today, localTime, apiVersion, timeZone });
    await next();
  },
);
