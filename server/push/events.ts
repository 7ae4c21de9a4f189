/**
 * The catalogue of push events (spec 2 §7.7) and refresh-interest groups. Area services publish only
 * names from here, with these payloads; docs/api.md documents the same list (a unit test keeps them
 * in step). Payloads carry ids and times, never the records themselves: clients re-read what they need
 * through the API, where access is checked again.
 */
import { z } from "zod";
import type { ModuleKey } from "../access/modules.ts";

/**
 * Refresh interests a connection registers for (RegisterRefreshInterest). A name may carry a qualifier
 * after a colon to narrow it, e.g. `Stockyard:2` for one site. Joining needs the group's module.
 */
export const REFRESH_GROUPS = {
  Stockyard: { module: "stockyard", about: "pens, mobs and stockyard setup" },
  Deliveries: { module: "livestock", about: "orders and their delivery status" },
  PricingGrids: { module: "livestock", about: "pricing grid groups and grids" },
  KillVolumeTargets: { module: "livestock", about: "kill volume targets" },
  Skins: { module: "processorSkinGrade", about: "skin and hide prices" },
  Invoices: { module: "invoices", about: "reciprocal invoices and carcass data" },
  Integration: { module: null, about: "integration (interchange) progress" },
  OnlineUsers: { module: null, about: "users connecting and disconnecting" },
} as const satisfies Record<string, { module: ModuleKey | null; about: string }>;
export type RefreshGroup = keyof typeof REFRESH_GROUPS;

const GROUP_NAME = /^([A-Za-z]+)(?::([A-Za-z0-9_.-]{1,64}))?$/;

/** The known base group of an interest name (`Stockyard:2` → `Stockyard`), or null when unknown. */
export function refreshGroupOf(name: string): RefreshGroup | null {
  const base = GROUP_NAME.exec(name)?.[1];
  if (!base) return null;
  const known = Object.keys(REFRESH_GROUPS).find((g) => g.toLowerCase() === base.toLowerCase());
  return (known as RefreshGroup | undefined) ?? null;
}

/** Interest names are compared case-insensitively, as the hub library's group names are by clients. */
export function canonicalGroupName(name: string): string | null {
  const m = GROUP_NAME.exec(name);
  const group = refreshGroupOf(name);
  if (!m || !group) return null;
  return m[2] ? `${group}:${m[2]}` : group;
}

const id = z.number().int().positive();
const ids = z.array(id).min(1);
const iso = z.string().datetime({ offset: true });

/** Who receives an event: every connection of the tenant, or those registered for a group. */
type Audience = "tenant" | RefreshGroup;

function event<S extends z.ZodType>(audience: Audience, payload: S, about: string) {
  return { audience, payload, about };
}

export const PUSH_EVENTS = {
  stockyardAdded: event(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable() }),
    "a stockyard was added",
  ),
  stockyardSetupUpdated: event(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable() }),
    "pens or layout of a stockyard changed",
  ),
  deliveryStatusUpdated: event(
    "Deliveries",
    z.object({ livestockOrderIds: ids, deliveryDate: z.string().nullable() }),
    "orders' delivery status changed (delivered, unloaded, verified…)",
  ),
  pricingGridUpdated: event(
    "PricingGrids",
    z.object({ pricingGridId: id, pricingGridGroupId: id }),
    "a pricing grid was added or changed",
  ),
  pricingGridDeleted: event(
    "PricingGrids",
    z.object({ pricingGridId: id, pricingGridGroupId: id }),
    "a pricing grid was deleted",
  ),
  pricingGridGroupUpdated: event(
    "PricingGrids",
    z.object({ pricingGridGroupId: id }),
    "a pricing grid group was added, changed or copied",
  ),
  pricingGridGroupDeleted: event(
    "PricingGrids",
    z.object({ pricingGridGroupId: id }),
    "a pricing grid group was deleted",
  ),
  skinPriceUpdated: event("Skins", z.object({ speciesId: id.nullable() }), "skin or hide prices changed"),
  tagsUpdated: event(
    "tenant",
    z.object({ lastUpdated: iso }),
    "tags changed; clients re-read when newer than theirs",
  ),
  supplierAddedOrUpdated: event(
    "tenant",
    z.object({ supplierId: id, lastUpdated: iso }),
    "a supplier was added or changed",
  ),
  killVolumeTargetUpdated: event(
    "KillVolumeTargets",
    z.object({ killVolumeTargetId: id }),
    "a kill volume target was added or changed",
  ),
  carcassDataComplete: event(
    "Invoices",
    z.object({ livestockOrderId: id }),
    "all carcass data of an order is in: its invoice can be created",
  ),
  invoiceCreated: event("Invoices", z.object({ invoiceIds: ids }), "invoices were created"),
  invoiceUpdated: event("Invoices", z.object({ invoiceIds: ids }), "invoices were changed"),
  invoicePublished: event("Invoices", z.object({ invoiceIds: ids }), "invoices were published"),
  invoiceUnpublished: event("Invoices", z.object({ invoiceIds: ids }), "invoices were unpublished"),
  forceRefresh: event("tenant", z.object({ reason: z.string() }), "reload all data (sent by a super user)"),
  forceTotalLogout: event(
    "tenant",
    z.object({ reason: z.string() }),
    "sign out now (sent by a super user; the sessions are already ended on the server)",
  ),
  featureFlagUpdated: event(
    "tenant",
    z.object({ featureKey: z.string() }),
    "a feature flag changed; re-read the user model",
  ),
  integrationUpdate: event(
    "Integration",
    z.object({ integration: z.string(), status: z.string(), message: z.string().nullable() }),
    "progress of an integration run",
  ),
  userConnectionChanged: event(
    "OnlineUsers",
    z.object({ userId: id, name: z.string(), online: z.boolean(), connections: z.number().int().min(0) }),
    "a user of the tenant came online (first connection) or went offline (last connection closed)",
  ),
} as const;

export type PushEventName = keyof typeof PUSH_EVENTS;
export type PushPayload<N extends PushEventName> = z.input<(typeof PUSH_EVENTS)[N]["payload"]>;
export const PUSH_EVENT_NAMES = Object.keys(PUSH_EVENTS) as PushEventName[];
