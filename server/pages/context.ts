import type { AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";
import type { RouteDef } from "../access/mod.ts";

/** What every page's guard, loader and component may read (TanStack Router context). */
export interface PageContext {
  services: AppServices;
  caller: Caller | null;
  url: URL;
  /** the plant's date for this request (see server/http/clientClock.ts) */
  today: string;
  /** the plant's time zone for showing times (the browser's, else TIME_ZONE) */
  timeZone: string;
  /** the app's route table (built exactly where a screen exists): menus and home pages read it */
  routes: readonly RouteDef[];
  /** a message for the next page, shown as a toast by shell.js */
  flash?: { kind: "success" | "info" | "warning" | "error"; message: string };
  /** a re-rendered form after a failed plain-HTML post (sign-in): its error and values */
  formResult?: { error: string; values: Record<string, string> };
  /** the request's CSP nonce: inline scripts without it do not run */
  nonce?: string;
  /**
   * when the page began (ms since 1970), before its data was read: islands that join push groups ask
   * whether they missed an event since (server/push/changeLog.ts)
   */
  startedAt?: number;
  /**
   * resolves once the page's shell, and all written after it so far, has gone to the client (streamPacing.ts):
   * a streamed page's slow parts start after it, so their synchronous queries hold nothing already written
   */
  streamSent?: () => Promise<void>;
}
