import { createMiddleware } from "hono/factory";
import { ApiError } from "./errors.ts";
import { getCookie } from "hono/cookie";
import { isCalendarDate, isTimeZone, todayIn } from "../areas/dates.ts";
import type { AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";

/** The browser's time zone, set by the page's boot script (themeBoot.ts) for page requests. */
export const TIME_ZONE_COOKIE = "tz";

/** The caller's local date, time and API version, from the headers every client sends. */
export interface ClientClock {
  /** X-Local-Date, else today in `timeZone` */
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

/** The zone a caller's day is in: the plant's, else the browser's (`tz` cookie), else the configured one. */
export function zoneOf(caller: Caller | null, browserZone: string | undefined, configured: string): string {
  const plant = caller?.plantTimeZone;
  if (plant && isTimeZone(plant)) return plant;
  return browserZone && isTimeZone(browserZone) ? browserZone : configured;
}

/** Runs after `identify`: the caller's organisation decides the zone. */
export const clientClock = createMiddleware<
  { Variables: { clock: ClientClock; app: AppServices; caller: Caller | null } }
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
    const today = localDate ?? todayIn(timeZone);
    c.set("clock", { localDate: today, localTime, apiVersion, timeZone });
    await next();
  },
);
