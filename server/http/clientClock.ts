import { createMiddleware } from "hono/factory";
import { ApiError } from "./errors.ts";
import { isCalendarDate } from "../areas/dates.ts";

/** The caller's local date, time and API version, from the headers every client sends. */
export interface ClientClock {
  localDate: string | null;
  localTime: string | null;
  apiVersion: string | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

export const clientClock = createMiddleware<{ Variables: { clock: ClientClock } }>(async (c, next) => {
  const localDate = c.req.header("x-local-date") ?? null;
  const localTime = c.req.header("x-local-time") ?? null;
  const apiVersion = c.req.header("x-api-version") ?? null;
  const errors = [];
  if (localDate && !isCalendarDate(localDate)) {
    errors.push({ field: "X-Local-Date", message: "Use yyyy-MM-dd" });
  }
  if (localTime && !TIME.test(localTime)) errors.push({ field: "X-Local-Time", message: "Use HH:mm:ss" });
  if (errors.length) throw ApiError.validation(errors);
  c.set("clock", { localDate, localTime, apiVersion });
  await next();
});
