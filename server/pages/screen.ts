import type { ComponentType } from "react";
import type { z } from "zod";
import type { PageContext } from "./context.ts";
import type { RouteName } from "../access/mod.ts";
import { ApiError } from "../http/errors.ts";

/**
 * A built screen: its component, and optionally a zod search schema and a loader. The route table
 * (server/access/routes) says where it lives and who may see it; this says what it shows.
 */
export interface Screen<S = Record<string, unknown>, D = unknown> {
  validateSearch?: z.ZodType<S>;
  loader?: (args: { context: PageContext; search: S; params: Record<string, string> }) => Promise<D> | D;
  component: ComponentType<{ data: D; search: S; params: Record<string, string>; context: PageContext }>;
  /**
   * Rendered once and answered again until the tenant's data, the caller or the date changes
   * (server/pages/keptPages.ts): for a screen many PCs and TVs keep open whose page is a pure function
   * of those (no clock beyond the date, nothing from outside the tenant's database and the caller).
   */
  kept?: true;
}

export function defineScreen<S = Record<string, unknown>, D = unknown>(screen: Screen<S, D>): Screen<S, D> {
  return screen;
}

/** An area's screens by route name (a typo in a name does not compile); its routes.ts exports one. */
// deno-lint-ignore no-explicit-any
export type ScreenMap = Partial<Record<RouteName, Screen<any, any>>>;

export const definePages = (pages: ScreenMap): ScreenMap => pages;

/** A record id from a route param (`$id`): a positive whole number, else the page is 404. */
export function pathId(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
  return id;
}
