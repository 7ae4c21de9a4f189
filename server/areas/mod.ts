/**
 * The business areas: a list of their records (each area's mod.ts says what it brings: API routers,
 * screens by route name, push events, demo data, body limits, shell parts, sub-areas). app.ts, the page
 * router, the page frame (SHELL), the push catalogue and the demo seeder read them from here. docs/areas.md says how to add one.
 */
import {
  type Area,
  type BackgroundWork,
  flattenAreas,
  type KeptInMemory,
  seedOrder,
  type Shell,
  shellOf,
} from "./area.ts";
import { installReactions } from "./reactions.ts";
import { installFinds } from "./finding.ts";
import type { ScreenMap } from "../pages/screen.ts";
import { type RouteDef, ROUTES, withScreens } from "../access/routes.ts";
import { type AppPushEvents, PLATFORM_EVENTS, PushCatalogue } from "../push/catalogue.ts";
import { homeArea } from "./home/mod.ts";
import { usersArea } from "./users/mod.ts";
import { outboxArea } from "./outbox/mod.ts";
import { superArea } from "./super/mod.ts";
import { settingsArea } from "./settings/mod.ts";
import { livestockArea } from "./livestock/mod.ts";
import { partiesArea } from "./livestock/parties/mod.ts";
import { pricingArea } from "./pricing/mod.ts";
import { volumeTargetsArea } from "./livestock/volumeTargets/mod.ts";
import { ordersArea } from "./livestock/orders/mod.ts";
import { processOverviewArea } from "./livestock/processOverview/mod.ts";
import { orderReportArea } from "./livestock/orderReport/mod.ts";
import { stockyardArea } from "./stockyard/mod.ts";
import { killAgendaArea } from "./killAgenda/mod.ts";
import { killFloorArea } from "./killFloor/mod.ts";
import { storageArea } from "./storage/mod.ts";
import { integrationsArea } from "./integrations/mod.ts";
import { invoiceSettingsArea } from "./invoiceSettings/mod.ts";
import { skinsArea } from "./skins/mod.ts";
import { invoicesArea } from "./invoices/mod.ts";
import { displayArea } from "./display/mod.ts";
import { supportArea } from "./support/mod.ts";
import { notificationsArea } from "./notifications/mod.ts";
import { findArea } from "./find/mod.ts";
import { yieldArea } from "./yield/mod.ts";
import { roiArea } from "./roi/mod.ts";
import { producerArea } from "./producer/mod.ts";
import { planningArea } from "./planning/mod.ts";

export type { Area, DemoTenant, Shell } from "./area.ts";

/** The areas; their demo data is seeded in this order (pricing before the orders priced with it). */
const AREA_LIST: readonly Area[] = [
  homeArea,
  usersArea,
  outboxArea,
  superArea,
  settingsArea,
  livestockArea,
  partiesArea,
  pricingArea,
  volumeTargetsArea,
  ordersArea,
  processOverviewArea,
  orderReportArea,
  stockyardArea,
  killAgendaArea,
  killFloorArea,
  storageArea,
  integrationsArea,
  invoiceSettingsArea,
  skinsArea,
  invoicesArea,
  displayArea,
  supportArea,
  notificationsArea,
  findArea,
  yieldArea,
  roiArea,
  producerArea,
  planningArea,
];

/** Every area and sub-area, each after its parent. */
export const AREAS: readonly Area[] = flattenAreas(AREA_LIST);

/** The areas in the order the demo seeder runs their seeds. */
export const SEED_ORDER: readonly Area[] = seedOrder(AREAS);

/** Every built screen by route name; a route without one shows "not built yet". */
export const SCREENS: ScreenMap = Object.assign({}, ...AREAS.map((a) => a.pages ?? {}));

/** Routes the server answers without a screen. */
const SERVED_ROUTES = ["logout"];

/** The app's route table: the spec's routes, `built` exactly where a screen exists. */
export const APP_ROUTES: readonly RouteDef[] = withScreens(
  ROUTES,
  new Set([...Object.keys(SCREENS), ...SERVED_ROUTES]),
);

/** The one push catalogue, assembled from the areas (a clash of names fails at start-up). */
export const PUSH_CATALOGUE: PushCatalogue<AppPushEvents> = new PushCatalogue<AppPushEvents>([
  PLATFORM_EVENTS,
  ...AREAS.flatMap((a) => a.events ? [a.events] : []),
]);

// what areas do after each other's committed changes (the notifications they raise), by push event
installReactions(AREAS, PUSH_CATALOGUE.eventNames);

// what the header's Find looks up, from every area that numbers or names its records
installFinds(AREAS);

/**
 * The page frame's area parts (the page shell names no area): every banner (super › app control's
 * maintenance message), the header pickers' own-setting save (users), the TV document (display).
 */
export const SHELL: Shell = shellOf(AREAS);

/** Request body limits of the paths that take files, from every area's record. */
export const BODY_LIMITS: Readonly<Record<string, number>> = Object.assign(
  {},
  ...AREAS.map((a) => a.bodyLimits ?? {}),
);

/** What the areas do on their own on every instance (server/main.ts starts it; a test app does not). */
export const BACKGROUND: readonly BackgroundWork[] = AREAS.flatMap((a) => a.background ?? []);

/** What the areas keep in memory, forgotten on every instance as the bus brings their events (services.ts). */
export const KEPT_IN_MEMORY: readonly KeptInMemory[] = AREAS.flatMap((a) => a.kept ? [a.kept] : []);
