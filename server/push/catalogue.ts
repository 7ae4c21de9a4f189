/**
 * The push catalogue (spec 2 §7.7): the events the server sends and the refresh-interest groups clients
 * register for. Each area declares its own in its events.ts (`areaEvents`); server/areas/mod.ts assembles
 * them with the hub's own (PLATFORM_EVENTS) into one PushCatalogue, which the push service and hub are
 * given. docs/api.md documents the assembled list (a unit test keeps them in step). Payloads carry ids
 * and times, never the records themselves: clients re-read what they need through the API, where access
 * is checked again.
 */
import { z } from "zod";
import type { ModuleKey } from "../access/modules.ts";

/** A refresh group: joining it needs `module` (null: any signed-in user of the tenant). */
export interface RefreshGroupSpec {
  module: ModuleKey | null;
  about: string;
  /**
   * Who may join beyond the module: "self" — only qualified by the caller's own user id (`Chat:<userId>`,
   * never the whole group), for events meant for one person; "super" — super users only (a desk that
   * watches every tenant: events sent to it with no tenant reach its members in every tenant).
   */
  only?: "self" | "super";
}

/** Who receives an event: every connection of the tenant, or those registered for a refresh group. */
export interface PushEventSpec<S extends z.ZodType = z.ZodType> {
  /** "tenant", or the name of a refresh group an area declares (checked when the catalogue is made) */
  audience: string;
  payload: S;
  about: string;
}

export type EventSpecs = Record<string, PushEventSpec>;

/** Specs by name, as an interface may hold them (an interface has no index signature). */
export type EventSpecsOf<E> = { [K in keyof E]: PushEventSpec };

/**
 * Every push event of the app by name. Empty here: each area's events.ts adds its own with
 * `declare module "…/push/catalogue.ts" { interface AppPushEvents extends … {} }` (as Hono's
 * ContextVariableMap), so the server's types name no area and no import circle runs through the registry.
 */
export interface AppPushEvents extends PlatformEventSpecs {}

/** What one area publishes: its refresh groups and its events. */
export interface AreaEvents<E extends EventSpecs = EventSpecs> {
  groups: Record<string, RefreshGroupSpec>;
  events: E;
}

export function pushEvent<S extends z.ZodType>(
  audience: string,
  payload: S,
  about: string,
): PushEventSpec<S> {
  return { audience, payload, about };
}

export function areaEvents<const E extends EventSpecs>(
  groups: Record<string, RefreshGroupSpec>,
  events: E,
): AreaEvents<E> {
  return { groups, events };
}

export type PushEventName<E extends EventSpecsOf<E>> = keyof E & string;
export type PushPayload<E extends EventSpecsOf<E>, N extends keyof E> = z.input<E[N]["payload"]>;

/** What the hub needs of the catalogue: the refresh groups (events only pass through it). */
export type RefreshGroups = Pick<PushCatalogue, "groups" | "refreshGroupOf" | "canonicalGroupName">;

const GROUP_NAME = /^([A-Za-z]+)(?::([A-Za-z0-9_.-]{1,64}))?$/;

/** The assembled catalogue: every area's events and groups, checked for clashes when it is made. */
export class PushCatalogue<E extends EventSpecsOf<E> = EventSpecs> {
  readonly groups: Readonly<Record<string, RefreshGroupSpec>>;
  readonly events: E;

  constructor(parts: readonly AreaEvents[]) {
    const groups: Record<string, RefreshGroupSpec> = {};
    const events: EventSpecs = {};
    for (const part of parts) {
      for (const [name, group] of Object.entries(part.groups)) {
        if (!/^[A-Z][A-Za-z]+$/.test(name)) {
          throw new Error(`Refresh group '${name}' must be a PascalCase word.`);
        }
        if (groups[name]) throw new Error(`Refresh group '${name}' is declared twice.`);
        groups[name] = group;
      }
      for (const [name, event] of Object.entries(part.events)) {
        if (events[name]) throw new Error(`Push event '${name}' is declared twice.`);
        events[name] = event;
      }
    }
    for (const [name, { audience }] of Object.entries(events)) {
      if (audience !== "tenant" && !groups[audience]) {
        throw new Error(
          `Push event '${name}' goes to '${audience}', which no area declares as a refresh group.`,
        );
      }
    }
    this.groups = groups;
    this.events = events as E;
  }

  get eventNames(): PushEventName<E>[] {
    return Object.keys(this.events) as PushEventName<E>[];
  }

  /** The known base group of an interest name (`Stockyard:2` → `Stockyard`), or null when unknown. */
  refreshGroupOf(name: string): string | null {
    const base = GROUP_NAME.exec(name)?.[1]?.toLowerCase();
    if (!base) return null;
    return Object.keys(this.groups).find((g) => g.toLowerCase() === base) ?? null;
  }

  /** Interest names are compared case-insensitively, as the hub library's group names are by clients. */
  canonicalGroupName(name: string): string | null {
    const m = GROUP_NAME.exec(name);
    const group = this.refreshGroupOf(name);
    if (!m || !group) return null;
    return m[2] ? `${group}:${m[2]}` : group;
  }
}

const id = z.number().int().positive();

/** The hub's own events and groups (presence, sign-out) and the integration runner's progress. */
export const PLATFORM_EVENTS = areaEvents({
  Integration: { module: null, about: "integration (interchange) progress" },
  OnlineUsers: { module: null, about: "users connecting and disconnecting" },
}, {
  forceTotalLogout: pushEvent(
    "tenant",
    z.object({ reason: z.string() }),
    "sign out now (sent by a super user; the sessions are already ended on the server)",
  ),
  integrationUpdate: pushEvent(
    "Integration",
    z.object({ integration: z.string(), status: z.string(), message: z.string().nullable() }),
    "progress of an integration run",
  ),
  userConnectionChanged: pushEvent(
    "OnlineUsers",
    z.object({ userId: id, name: z.string(), online: z.boolean(), connections: z.number().int().min(0) }),
    "a user of the tenant came online (first connection) or went offline (last connection closed)",
  ),
});

/** Small payload pieces the areas' events share. */
export const payloadParts = {
  id,
  ids: z.array(id).min(1),
  iso: z.string().datetime({ offset: true }),
};

type PlatformEventSpecs = typeof PLATFORM_EVENTS.events;
