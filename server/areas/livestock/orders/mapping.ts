/**
 * Rows ↔ the shapes of schemas.ts. Answers take their field list from the zod schema: a field is
 * declared there once and a row column of the same name flows through; only derived fields (names,
 * status names, counts) are written here. Form values are the body schema's fields of an answer.
 */
import type { z } from "@hono/zod-openapi";
import type {
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  stockMobs,
} from "../../../../db/tenant/schema.ts";
import type { Scope } from "../../scope.ts";
import {
  mobStatusName,
  OFF_GRID_PRICE_PER_NAMES,
  orderStatusName,
  speciesCategoryName,
} from "../../../../kernel/enums.ts";
import { isPartiallyDelivered, isUnloaded, liveDelivered, orderDateFor, remainderToUnload } from "./rules.ts";
import {
  DeliveryLoad,
  Order,
  OrderDto,
  OrderGroup,
  OrderGroupDto,
  SERIES_FIELDS,
  StockMob,
} from "./schemas.ts";

export type OrderRow = typeof livestockOrders.$inferSelect;
export type GroupRow = typeof livestockOrderGroups.$inferSelect;
type LoadRow = typeof deliveryLoads.$inferSelect;
type MobRow = typeof stockMobs.$inferSelect;

// deno-lint-ignore no-explicit-any
type AnyObject = z.ZodObject<any>;
// a list answers up to 1,000 rows: each schema's field names are read once, not once a row
const fieldNames = new WeakMap<AnyObject, readonly string[]>();
function fieldsOf(schema: AnyObject): readonly string[] {
  let names = fieldNames.get(schema);
  if (!names) fieldNames.set(schema, names = Object.keys(schema.shape));
  return names;
}

/**
 * `schema`'s fields in its order, each from `derived` when given there, else the row's field of the
 * same name. The types make `derived` supply every field the row lacks.
 */
export function fromRow<S extends AnyObject, R extends Partial<z.output<S>>>(
  schema: S,
  row: R,
  derived: Omit<z.output<S>, keyof R> & Partial<z.output<S>>,
): z.output<S> {
  const given = derived as Record<string, unknown>;
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of fieldsOf(schema)) out[k] = k in given ? given[k] : source[k];
  return out as z.output<S>;
}

/** The fields of `source` named by the schema (in its order), but `except`. */
function pickFields(schema: AnyObject, source: object, except: readonly string[] = []) {
  const from = source as Record<string, unknown>;
  return Object.fromEntries(
    fieldsOf(schema).filter((k) => k in from && !except.includes(k)).map((k) => [k, from[k]]),
  );
}

// an order of a species the caller no longer has shows its id (as it always has)
const speciesName = (scope: Scope, id: number) => scope.hasSpecies(id) ? scope.speciesName(id) : String(id);

/** An order with its group's date, buyer and carrier and the derived counts (schema `Order`). */
export function orderAnswer(
  o: OrderRow,
  g: GroupRow,
  names: { supplier: string; buyer: string; transport: string },
  scope: Scope,
  nvdLinks: ReadonlyMap<number, string | null>,
): Order {
  return fromRow(Order, o, {
    supplierName: names.supplier,
    species: speciesName(scope, o.speciesId),
    speciesCategory: speciesCategoryName(o.speciesCategoryId),
    orderDate: g.orderDate,
    orderStatusName: orderStatusName(o.orderStatus),
    groupBuyerId: g.buyerId,
    groupBuyerName: names.buyer,
    transportCompanyId: o.transportCompanyId ?? g.transportCompanyId,
    transportCompanyName: names.transport,
    offGridPricePerName: o.offGridPricePer
      ? OFF_GRID_PRICE_PER_NAMES[o.offGridPricePer as keyof typeof OFF_GRID_PRICE_PER_NAMES] ?? ""
      : "",
    recurrenceFrequencyName: o.recurrenceFrequency,
    liveDelivered: liveDelivered(o),
    remainderToUnload: remainderToUnload(o),
    isUnloaded: isUnloaded(o),
    isPartiallyDelivered: isPartiallyDelivered(o),
    isLinkedNvd: nvdLinks.has(o.id),
    nvdPdfUrl: nvdLinks.get(o.id) ?? null,
  });
}

export function groupAnswer(
  g: GroupRow,
  names: { supplier: string; buyer: string; transport: string },
  orders: Order[],
  scope: Scope,
): OrderGroup {
  return fromRow(OrderGroup, g, {
    species: speciesName(scope, g.speciesId),
    speciesCategory: speciesCategoryName(g.speciesCategoryId),
    supplierName: names.supplier,
    transportCompanyName: names.transport,
    buyerName: names.buyer,
    livestockOrders: orders,
  });
}

export const loadAnswer = (l: LoadRow): z.output<typeof DeliveryLoad> => fromRow(DeliveryLoad, l, {});

export const mobAnswer = (m: MobRow): z.output<typeof StockMob> =>
  fromRow(StockMob, m, { mobStatusName: mobStatusName(m.mobStatus), createdOn: m.createdAt });

/** An order's values for its edit form: the body's fields but the series' (set once, at creation). */
export const orderFormValues = (o: Order) => pickFields(OrderDto, o, SERIES_FIELDS);

export const groupFormValues = (g: OrderGroup) => pickFields(OrderGroupDto, g);

/** A group's columns from its body: the body's fields, the order date by the buyer rule. */
export function groupColumns(dto: OrderGroupDto, today: string) {
  const { id: _, lastModified: __, ...fields } = dto;
  return { ...fields, orderDate: orderDateFor(dto.buyerId, dto.orderDate, today) };
}

/**
 * An order's columns from its body and its group. Listed, not derived: this order is the order of
 * the changes in the history panel's lines; the `satisfies` makes a new body field fail to compile
 * until it is written here.
 */
export function orderColumns(dto: OrderDto, group: GroupRow, supplierPic: string | undefined) {
  return {
    livestockOrderGroupId: group.id,
    supplierId: group.supplierId,
    speciesId: group.speciesId,
    speciesCategoryId: dto.speciesCategoryId ?? group.speciesCategoryId,
    tenantSiteId: dto.tenantSiteId,
    quantityOrdered: dto.quantityOrdered,
    declaredQuantity: dto.declaredQuantity,
    deliveryDate: dto.deliveryDate,
    deliveryTime: dto.deliveryTime,
    productionDate: dto.productionDate,
    orderConfirmed: dto.orderConfirmed,
    agendaLotReference: dto.agendaLotReference,
    pic: dto.pic || supplierPic || "",
    nvd: dto.nvd,
    isMsaEligible: dto.isMsaEligible,
    isSaleyardOrder: dto.isSaleyardOrder,
    transportCompanyId: dto.transportCompanyId ?? group.transportCompanyId,
    stakeholderIds: dto.stakeholderIds,
    tags: dto.tags,
    notes: dto.notes,
    pricingGridGroupId: dto.pricingGridGroupId,
    offGridPrice: dto.offGridPrice,
    offGridPricePer: dto.offGridPricePer,
    offGridPriceType: dto.offGridPriceType,
    recurrenceFrequency: dto.recurrenceFrequency,
    recurrenceEndDate: dto.recurrenceEndDate,
  } satisfies Record<Exclude<keyof OrderDto, "id" | "lastModified">, unknown> & Partial<OrderRow>;
}

/** The columns an edit may change: all but the series' (changing those would orphan its orders). */
export function editableColumns<T extends Record<string, unknown>>(columns: T) {
  return Object.fromEntries(
    Object.entries(columns).filter(([k]) => !(SERIES_FIELDS as readonly string[]).includes(k)),
  ) as Omit<T, (typeof SERIES_FIELDS)[number]>;
}

/**
 * The mob of a load's live head, as its order says (supplier, species, category, site, PIC, lot), for the
 * kill day the order names (else the delivery day): what a delivery and the demo seeds hand the stockyard.
 */
export function loadMob(
  order: OrderRow,
  load: Pick<LoadRow, "id" | "deliveryDate">,
  live: { head: number; mobStatus: number; now: string },
) {
  return {
    livestockOrderId: order.id,
    deliveryLoadId: load.id,
    supplierId: order.supplierId,
    speciesId: order.speciesId,
    speciesCategoryId: order.speciesCategoryId,
    tenantSiteId: order.tenantSiteId,
    head: live.head,
    mobStatus: live.mobStatus,
    pic: order.pic,
    agendaLotReference: order.agendaLotReference,
    applicableProductionDate: order.productionDate ?? load.deliveryDate,
    createdAt: live.now,
    lastModified: live.now,
  } satisfies Omit<typeof stockMobs.$inferInsert, "id">;
}
