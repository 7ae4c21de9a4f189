/**
 * What an area says about itself: one record, exported from its `mod.ts`, listing what the rest of the
 * app needs from it (its API routers, its screens by route name, its push events, its demo data, the
 * body limits of the paths that take files, and its sub-areas). `server/areas/mod.ts` is the list of
 * these records; the app, the page router, the push catalogue and the demo seeder read them from there,
 * and no file above an area names the area's internals.
 */
import type { ReactNode } from "react";
import type { ApiRouter } from "../http/openapi.ts";
import type { AppServices } from "../env.ts";
import type { ScreenMap } from "../pages/screen.ts";
import type { RouteName } from "../access/routes.ts";
import type { AppPushEvents, AreaEvents, PushEventName, PushPayload } from "../push/catalogue.ts";
import type { Databases, TenantDb } from "../../db/client.ts";
import type { AreaContext } from "./context.ts";

/** What an area's seed.ts is given for each demo tenant (it decides what fits the tenant's category). */
export interface DemoTenant {
  db: TenantDb;
  category: "processor" | "producer";
  today: string;
  siteIds: number[];
  speciesIds: number[];
  /** "year": a year of history before the demo's month (the demo the start command runs; not the tests') */
  history?: "year";
}

/**
 * The parts of every page's frame that an area supplies (the page shell names no area): a banner over
 * every signed-in page, the header pickers' saving of the caller's own setting, and the document the
 * TV routes render in.
 */
export interface ShellParts {
  /** shown under the header of every signed-in page while it has something to say */
  banner?: (props: { services: AppServices }) => ReactNode;
  /**
   * what the banner says now ("" while it says nothing), read synchronously: a kept page
   * (server/pages/keptPages.ts) is answered again only while every banner says the same
   */
  bannerKey?: (services: AppServices) => string;
  /** saves a header choice (site, species) as the caller's own setting; throws ApiError when refused */
  saveOwnSetting?: (ctx: AreaContext, setting: unknown) => Promise<void>;
  /** the document a TV route renders in (no header or menu; it rotates and reconnects by itself) */
  tvDocument?: (props: { title: string; since: number; children: ReactNode }) => ReactNode;
}

/**
 * What an area does after another area's committed change, named by the push event that change announced:
 * it runs on the server that made the change, once, after the commit, with the changing caller's context
 * (its own writes in a unit of its own; a failure is logged, the change stands).
 */
export type Reaction<N extends EventName = EventName> = (
  ctx: AreaContext,
  payload: PushPayload<AppPushEvents, N>,
) => Promise<void>;

/** An area's reactions by the event they follow, each given that event's payload as it was announced. */
export type Reactions = { readonly [N in EventName]?: Reaction<N> };

type EventName = PushEventName<AppPushEvents>;

export interface Area {
  /** how people name it ("kill agenda", "super › tenants"); unique */
  name: string;
  /** its API routers (each mounted at "/"; paths are absolute) */
  api?: readonly ApiRouter[];
  /** its screens by route name (server/access/routes/): a route with a screen is built */
  pages?: ScreenMap;
  /** the push events and refresh groups it publishes (its events.ts) */
  events?: AreaEvents;
  /** its demo data (the demo seeder runs the areas' seeds in the list's order, sub-areas after the area) */
  seed?: (tenant: DemoTenant) => Promise<void>;
  /** areas (by name) whose demo data this seed reads, so theirs must be seeded first */
  seedsAfter?: readonly string[];
  /** request body limits in bytes of the paths that take files (every other body is held to 1 MB) */
  bodyLimits?: Readonly<Record<string, number>>;
  /** what it adds to every page's frame */
  shell?: ShellParts;
  /** what it does after others' changes, by push event name (the notifications raised by them) */
  reactions?: Reactions;
  /** what it does on its own, on every instance (started by server/main.ts, not by a test app) */
  background?: readonly BackgroundWork[];
  /** what it keeps in memory that others' changes make stale, forgotten on every instance */
  kept?: KeptInMemory;
  /** the records people look up by number or name in Find (home/find) */
  finds?: readonly FindSource[];
  /** its sub-areas, each with a record of its own (super's parts, invoices' reports, stockyard's RFID) */
  parts?: readonly Area[];
}

/** The page frame's parts from every area: each area's banner, and the one save and the one TV document. */
/**
 * Answers an area keeps in memory, built on other areas' facts. `forget` runs on every instance as the
 * bus brings each event named in `staleOn`, from this instance or another (server/areas/forgetting.ts):
 * with the event's tenant, or null for an event to every tenant and when this instance may have missed
 * messages (the bus came back after an outage). A reaction runs only where the change was made, so it
 * cannot keep a second instance's memory right.
 */
export interface KeptInMemory {
  staleOn: readonly EventName[];
  /** `databases`: the instance's own (what one instance keeps is apart from another's in the same process) */
  forget(databases: Databases, tenantId: number | null): void;
}

/** What was typed into Find, read the ways records are numbered (server/areas/find/rules.ts). */
export interface FindQuery {
  /** as typed, spaces collapsed */
  text: string;
  /** upper case without spaces, dashes or dots: how a PIC, an NLIS tag or an ABN is compared */
  compact: string;
  /** the number it is (a leading # or "No." allowed), else null */
  number: number | null;
}

/** One record Find answers. */
export interface Found {
  title: string;
  /** what tells it from another of the same name: its date, species, status */
  detail: string;
  href: string;
}

/**
 * One kind of record Find looks up. Only callers who may open `page` are searched, and `find` keeps to
 * the caller's species and sites.
 */
export interface FindSource {
  /** the heading of its results ("Livestock orders") */
  kind: string;
  /** how the list of what Find looks in names it ("livestock orders", "carcass tags") */
  listedAs: string;
  /** the route name its results open */
  page: RouteName;
  /** where its results stand among the kinds (lower first): what is looked up most, first */
  order: number;
  /** up to `limit` records matching, best first */
  find(ctx: AreaContext, query: FindQuery, limit: number): Promise<Found[]>;
}

/** Work an area does with no request behind it (a queued email): run at start, then every `everyMs`. */
export interface BackgroundWork {
  /** what it is, for the log */
  name: string;
  everyMs: number;
  run(app: AppServices): Promise<void>;
}

export interface Shell {
  banners: readonly NonNullable<ShellParts["banner"]>[];
  /** every banner's key, joined (part of a kept page's key) */
  bannerKey(services: AppServices): string;
  saveOwnSetting: NonNullable<ShellParts["saveOwnSetting"]>;
  tvDocument: NonNullable<ShellParts["tvDocument"]>;
}

/** An area's record (typed, so a misspelt key fails to compile). */
export const defineArea = (area: Area): Area => area;

/** Every area and sub-area, each after its parent, in list order. */
export function flattenAreas(areas: readonly Area[]): Area[] {
  return areas.flatMap((a) => [a, ...flattenAreas(a.parts ?? [])]);
}

/**
 * The areas in the order their seeds run: list order, except that an area naming others in `seedsAfter`
 * runs right after the last of those (a name that no area has fails at once).
 */
export function seedOrder(areas: readonly Area[]): Area[] {
  const names = new Set(areas.map((a) => a.name));
  for (const a of areas) {
    const unknown = (a.seedsAfter ?? []).find((n) => !names.has(n));
    if (unknown) throw new Error(`${a.name} seeds after ${unknown}, which is no area.`);
  }
  const done = new Set<string>();
  const order: Area[] = [];
  let waiting: Area[] = [];
  const ready = (a: Area) => (a.seedsAfter ?? []).every((n) => done.has(n));
  for (const area of areas) {
    if (!ready(area)) {
      waiting.push(area);
      continue;
    }
    order.push(area);
    done.add(area.name);
    for (let next = waiting.find(ready); next; next = waiting.find(ready)) {
      waiting = waiting.filter((a) => a !== next);
      order.push(next);
      done.add(next.name);
    }
  }
  if (waiting.length) {
    throw new Error(`The seeds of ${waiting.map((a) => a.name).join(", ")} wait on each other.`);
  }
  return order;
}

/**
 * The page frame from the areas' shell parts: every banner in list order; the own-setting save and the
 * TV document each from exactly one area (none or two fail at start-up, naming the areas).
 */
export function shellOf(areas: readonly Area[]): Shell {
  const one = <K extends "saveOwnSetting" | "tvDocument">(part: K): NonNullable<ShellParts[K]> => {
    const owners = areas.filter((a) => a.shell?.[part]);
    if (owners.length !== 1) {
      const who = owners.length ? `${owners.map((a) => a.name).join(" and ")} supply it` : "no area does";
      throw new Error(`The page frame's ${part} must come from one area; ${who}.`);
    }
    return owners[0].shell![part]!;
  };
  const banners = areas.flatMap((a) => a.shell?.banner ? [a.shell.banner] : []);
  const keys = areas.flatMap((a) => a.shell?.bannerKey ? [a.shell.bannerKey] : []);
  return {
    banners,
    bannerKey: (services) => keys.map((key) => key(services)).join("\u0000"),
    saveOwnSetting: one("saveOwnSetting"),
    tvDocument: one("tvDocument"),
  };
}
