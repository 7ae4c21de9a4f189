import type { AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";

/** What every page's guard, loader and component may read (TanStack Router context). */
export interface PageContext {
  services: AppServices;
  caller: Caller | null;
  url: URL;
  /** a message for the next page, shown as a toast by shell.js */
  flash?: { kind: "success" | "info" | "warning" | "error"; message: string };
  /** a re-rendered form after a failed plain-HTML post (sign-in): its error and values */
  formResult?: { error: string; values: Record<string, string> };
  /** the request's CSP nonce: inline scripts without it do not run */
  nonce?: string;
}
