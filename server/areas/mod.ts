/**
 * The business areas: one registration line each. An area brings its API routers, its screens (by
 * route name) and its demo data; app.ts, the page router and the demo seeder read them from here.
 * docs/areas.md says how to add one.
 */
import { type Area, flattenAreas } from "./area.ts";
import type { ScreenMap } from "../pages/screen.ts";
import { type RouteDef, ROUTES, withScreens } from "../access/routes.ts";
import { userApi } from "./users/api.ts";
import { inviteApi } from "./users/inviteApi.ts";
import { OUTBOX_PAGES } from "./outbox/routes.ts";
import { supportApi } from "./support/api.ts";
import { SUPPORT_PAGES } from "./support/routes.ts";
import { USERS_PAGES } from "./users/routes.ts";
import { superApi } from "./super/api.ts";
import { SUPER_PAGES } from "./super/routes.ts";
import { superTenantsApi } from "./super/tenants/api.ts";
import { superControlApi } from "./super/control/api.ts";
import { superDataApi } from "./super/data/api.ts";
import { superInitialLoadApi } from "./super/initialLoad/api.ts";
import { superSupportApi } from "./super/support/api.ts";
import { superPricingGridApi } from "./super/pricingGrid/api.ts";
import { superTestingApi } from "./super/testing/api.ts";
import { superReprocessApi } from "./super/reprocess/api.ts";
import { superStockApi } from "./super/stock/api.ts";
import { HOME_PAGES } from "./home/routes.ts";
import { SETTINGS_PAGES } from "./settings/routes.ts";
import { settingsApi } from "./settings/api.ts";
import { UserEditScreen, UserNewScreen } from "./users/pages/ClientUsers.tsx";
import { notificationsApi } from "./notifications/api.ts";
import { NOTIFICATION_PAGES } from "./notifications/routes.ts";
import { partiesApi } from "./livestock/parties/api.ts";
import { ordersApi } from "./livestock/orders/api.ts";
import { LIVESTOCK_HOME_PAGES } from "./livestock/routes.ts";
import { PARTY_PAGES } from "./livestock/parties/routes.ts";
import { ORDER_PAGES } from "./livestock/orders/routes.ts";
import { volumeTargetsArea } from "./livestock/volumeTargets/mod.ts";
import { pricingApi } from "./pricing/api.ts";
import { PRICING_PAGES } from "./pricing/routes.ts";
import { seedParties } from "./livestock/parties/seed.ts";
import { seedPricing } from "./pricing/seed.ts";
import { seedOrders } from "./livestock/orders/seed.ts";
import { type AppPushEvents, type AreaEvents, PLATFORM_EVENTS, PushCatalogue } from "../push/catalogue.ts";
import { SUPER_EVENTS } from "./super/events.ts";
import { PARTY_EVENTS } from "./livestock/parties/events.ts";
import { PRICING_EVENTS } from "./pricing/events.ts";
import { ORDER_EVENTS } from "./livestock/orders/events.ts";
import { STOCKYARD_EVENTS } from "./stockyard/events.ts";
import { stockyardApi } from "./stockyard/api.ts";
import { STOCKYARD_PAGES } from "./stockyard/routes.ts";
import { seedStockyard } from "./stockyard/seed.ts";
import { seedRfidScans } from "./stockyard/rfidSeed.ts";
import { storageApi } from "./storage/api.ts";
import { STORAGE_PAGES } from "./storage/routes.ts";
import { integrationsApi } from "./integrations/api.ts";
import { INTEGRATION_PAGES } from "./integrations/routes.ts";
import { INVOICE_EVENTS } from "./invoices/events.ts";
import { invoicesApi } from "./invoices/api.ts";
import { INVOICE_PAGES } from "./invoices/routes.ts";
import { seedInvoices } from "./invoices/seed.ts";
import { invoiceReportsApi } from "./invoices/reports/api.ts";
import { INVOICE_REPORT_PAGES } from "./invoices/reports/routes.ts";
import { displayApi } from "./display/api.ts";
import { DISPLAY_PAGES } from "./display/routes.ts";
import { invoiceSettingsApi } from "./invoiceSettings/api.ts";
import { INVOICE_SETTINGS_PAGES } from "./invoiceSettings/routes.ts";
import { seedInvoiceSettings } from "./invoiceSettings/seed.ts";
import { skinsApi } from "./skins/api.ts";
import { SKIN_PAGES } from "./skins/routes.ts";
import { seedSkins } from "./skins/seed.ts";
import { killAgendaApi } from "./killAgenda/api.ts";
import { KILL_AGENDA_PAGES } from "./killAgenda/routes.ts";
import { KILL_AGENDA_EVENTS } from "./killAgenda/events.ts";
import { seedKillAgenda } from "./killAgenda/seed.ts";
import { SKIN_EVENTS } from "./skins/events.ts";
import { killFloorApi } from "./killFloor/api.ts";
import { KILL_FLOOR_PAGES } from "./killFloor/routes.ts";
import { KILL_FLOOR_EVENTS } from "./killFloor/events.ts";
import { seedKillFloor } from "./killFloor/seed.ts";

export type { Area, DemoTenant } from "./area.ts";

const AREA_LIST = [
  { name: "home", pages: HOME_PAGES },
  { name: "users", api: [userApi], pages: USERS_PAGES },
  { name: "invitations", api: [inviteApi] },
  { name: "outbox", pages: OUTBOX_PAGES },
  { name: "super", api: [superApi], pages: SUPER_PAGES, events: SUPER_EVENTS },
  { name: "super tenants", api: [superTenantsApi] },
  { name: "super control", api: [superControlApi] },
  { name: "super data", api: [superDataApi] },
  { name: "super initial load", api: [superInitialLoadApi] },
  { name: "super support", api: [superSupportApi] },
  { name: "super pricing grid", api: [superPricingGridApi] },
  { name: "super testing", api: [superTestingApi] },
  { name: "super reprocessing", api: [superReprocessApi] },
  { name: "super stock settings", api: [superStockApi] },
  {
    name: "settings",
    api: [settingsApi],
    // the users' forms under Organisation details are the users area's (spec 2 §2.2 useredit, usernew)
    pages: { ...SETTINGS_PAGES, settingsUserEdit: UserEditScreen, settingsUserNew: UserNewScreen },
  },
  { name: "livestock", pages: LIVESTOCK_HOME_PAGES },
  {
    name: "livestock parties",
    api: [partiesApi],
    pages: PARTY_PAGES,
    seed: seedParties,
    events: PARTY_EVENTS,
  },
  { name: "pricing", api: [pricingApi], pages: PRICING_PAGES, seed: seedPricing, events: PRICING_EVENTS },
  volumeTargetsArea,
  { name: "livestock orders", api: [ordersApi], pages: ORDER_PAGES, seed: seedOrders, events: ORDER_EVENTS },
  {
    name: "stockyard",
    api: [stockyardApi],
    pages: STOCKYARD_PAGES,
    seed: seedStockyard,
    events: STOCKYARD_EVENTS,
  },
  {
    name: "kill agenda",
    api: [killAgendaApi],
    pages: KILL_AGENDA_PAGES,
    seed: seedKillAgenda,
    events: KILL_AGENDA_EVENTS,
  },
  {
    name: "kill floor",
    api: [killFloorApi],
    pages: KILL_FLOOR_PAGES,
    seed: seedKillFloor,
    events: KILL_FLOOR_EVENTS,
  },
  // the race reader's NLIS readings are seeded from the kill floor's records (the stockyard area's data)
  { name: "race readings", seed: seedRfidScans },
  { name: "storage", api: [storageApi], pages: STORAGE_PAGES },
  { name: "integrations", api: [integrationsApi], pages: INTEGRATION_PAGES },
  {
    name: "invoice settings",
    api: [invoiceSettingsApi],
    pages: INVOICE_SETTINGS_PAGES,
    seed: seedInvoiceSettings,
  },
  { name: "skins", api: [skinsApi], pages: SKIN_PAGES, seed: seedSkins, events: SKIN_EVENTS },
  { name: "invoices", api: [invoicesApi], pages: INVOICE_PAGES, seed: seedInvoices, events: INVOICE_EVENTS },
  { name: "invoice reports", api: [invoiceReportsApi], pages: INVOICE_REPORT_PAGES },
  { name: "display", api: [displayApi], pages: DISPLAY_PAGES },
  { name: "support", api: [supportApi], pages: SUPPORT_PAGES },
  { name: "notifications", api: [notificationsApi], pages: NOTIFICATION_PAGES },
] as const satisfies readonly Area[];

/** Every area and sub-area, each after its parent. */
export const AREAS: readonly Area[] = flattenAreas(AREA_LIST);

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
