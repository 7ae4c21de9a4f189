import { createMiddleware } from "hono/factory";
import { ApiError } from "./errors.ts";
import { getCookie } from "hono/cookie";
import { isCalendarDate, isTimeZone, todayIn } from "../areas/dates.ts";
import type { AppServices } from "../env.ts";

/** The browser's time zone, set by the page's boot script (themeBoot.ts) for page requests. */
export const TIME_ZONE_COOKIE = "tz";

/** The caller's local date, time and API version, from the headers every client sends. */
export interface ClientClock {
  /** X-Local-Date, else today in the browser's zone (cookie `tz`), else in the configured TIME_ZONE */
  localDate: string;
  localTime: string | null;
  /** the browser's zone (cookie `tz`), else the configured TIME_ZONE: how times are shown */
  timeZone: string;
  apiVersion: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

export const clientClock = createMiddleware<{ Variables: { clock: ClientClock; app: AppServices } }>(
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
    const zone = getCookie(c, TIME_ZONE_COOKIE);
    const timeZone = zone && isTimeZone(zone) ? zone : c.var.app.config.TIME_ZONE;
    const today = localDate ?? todayIn(timeZone);
    c.set("clock", { localDate: today, localTime, apiVersion, timeZone });
    await next();
  },
);
