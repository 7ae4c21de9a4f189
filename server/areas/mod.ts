/**
 * The business areas: one registration line each. An area brings its API routers, its screens (by
 * route name) and its demo data; app.ts, the page router and the demo seeder read them from here.
 * docs/areas.md says how to add one.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import type { ScreenMap } from "../pages/screen.ts";
import type { TenantDb } from "../../db/client.ts";
import { userApi } from "./users/api.ts";
import { USERS_PAGES } from "./users/routes.ts";
import { superApi } from "./super/api.ts";
import { SUPER_PAGES } from "./super/routes.ts";
import { HOME_PAGES } from "./home/routes.ts";
import { SETTINGS_PAGES } from "./settings/routes.ts";
import { partiesApi } from "./livestock/parties/api.ts";
import { ordersApi } from "./livestock/orders/api.ts";
import { LIVESTOCK_HOME_PAGES } from "./livestock/routes.ts";
import { PARTY_PAGES } from "./livestock/parties/routes.ts";
import { ORDER_PAGES } from "./livestock/orders/routes.ts";
import { volumeTargetsApi } from "./livestock/volumeTargets/api.ts";
import { VOLUME_TARGET_PAGES } from "./livestock/volumeTargets/routes.ts";
import { pricingApi } from "./pricing/api.ts";
import { PRICING_PAGES } from "./pricing/routes.ts";
import { seedParties } from "./livestock/parties/seed.ts";
import { seedPricing } from "./pricing/seed.ts";
import { seedVolumeTargets } from "./livestock/volumeTargets/seed.ts";
import { seedOrders } from "./livestock/orders/seed.ts";

/** What an area's seed.ts is given for each demo tenant (it decides what fits the tenant's category). */
export interface DemoTenant {
  db: TenantDb;
  category: "processor" | "producer";
  today: string;
  siteIds: number[];
  speciesIds: number[];
}

export interface Area {
  name: string;
  api?: OpenAPIHono<AppEnv>;
  pages?: ScreenMap;
  /** the area's demo data (server/demo.ts runs the areas' seeds in this list's order) */
  seed?: (tenant: DemoTenant) => Promise<void>;
}

export const AREAS: readonly Area[] = [
  { name: "home", pages: HOME_PAGES },
  { name: "users", api: userApi, pages: USERS_PAGES },
  { name: "super", api: superApi, pages: SUPER_PAGES },
  { name: "settings", pages: SETTINGS_PAGES },
  { name: "livestock", pages: LIVESTOCK_HOME_PAGES },
  { name: "livestock parties", api: partiesApi, pages: PARTY_PAGES, seed: seedParties },
  { name: "pricing", api: pricingApi, pages: PRICING_PAGES, seed: seedPricing },
  { name: "volume targets", api: volumeTargetsApi, pages: VOLUME_TARGET_PAGES, seed: seedVolumeTargets },
  { name: "livestock orders", api: ordersApi, pages: ORDER_PAGES, seed: seedOrders },
];

/** Every built screen by route name; a route without one shows "not built yet". */
export const SCREENS: ScreenMap = Object.assign({}, ...AREAS.map((a) => a.pages ?? {}));
