/**
 * Writes the yield reference data (reference.ts) to a tenant: the cut hierarchy, product codes, standards
 * and prices of its species, and two boning rooms a site (the demo seed and a new tenant's set-up).
 */
import {
  boningRooms,
  productCodes,
  productPrices,
  standardYields,
  yieldSegments,
} from "../../../../db/tenant/schema.ts";
import type { TenantTx } from "../../context.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { flatCodes, ROOM_NAMES, roomSpecies, SPECIES_REFERENCE } from "./reference.ts";

/** How far back the seeded standards and prices start, and when the price list changed (days before today). */
export const REFERENCE_FROM_DAYS = 400;
export const PRICE_CHANGE_DAYS = 30;
/** the price change: every code × this (a firmer market) */
export const PRICE_CHANGE_FACTOR = 1.04;

type Writer = Pick<TenantTx, "insert" | "select">;

/**
 * Seeds the reference data of the given species (those with a definition) and two boning rooms a site:
 * the cut hierarchy, product codes, standards from `REFERENCE_FROM_DAYS` ago, prices then and a price
 * change `PRICE_CHANGE_DAYS` ago. Answers the product code ids by code. Meant for an empty tenant.
 */
export async function seedYieldReference(
  db: Writer,
  opts: { speciesIds: readonly number[]; siteIds: readonly number[]; today: string; by?: string },
): Promise<Map<string, number>> {
  const now = new Date().toISOString();
  const modifiedBy = opts.by ?? "Demo data";
  const from = addDays(opts.today, -REFERENCE_FROM_DAYS);
  const change = addDays(opts.today, -PRICE_CHANGE_DAYS);
  const ids = new Map<string, number>();
  for (const speciesId of opts.speciesIds) {
    const ref = SPECIES_REFERENCE[speciesId];
    if (!ref) continue;
    let order = 0;
    const segment = async (level: string, name: string, parentId: number | null) => {
      const [row] = await db.insert(yieldSegments).values({
        speciesId,
        level,
        name,
        parentId,
        sortOrder: order++,
      }).returning({ id: yieldSegments.id });
      return row.id;
    };
    const cutIds = new Map<string, number>();
    const typeId = await segment("productType", ref.productType, null);
    for (const s of ref.bodySegments) {
      const sId = await segment("bodySegment", s.name, typeId);
      for (const p of s.primals) {
        const pId = await segment("primal", p.name, sId);
        for (const cu of p.cuts) cutIds.set(cu.name, await segment("cut", cu.name, pId));
      }
    }
    const codes = flatCodes(ref);
    const rows = await db.insert(productCodes).values(codes.map((code) => ({
      speciesId,
      code: code.code,
      description: code.description,
      meatCode: code.meatCode,
      kind: code.kind,
      cutId: code.cut ? cutIds.get(code.cut)! : null,
      isActive: true,
      lastModified: now,
      modifiedBy,
    }))).returning({ id: productCodes.id, code: productCodes.code });
    const idOf = new Map(rows.map((r) => [r.code, r.id]));
    for (const [code, id] of idOf) ids.set(code, id);
    await db.insert(standardYields).values(codes.map((code) => ({
      productCodeId: idOf.get(code.code)!,
      effectiveFrom: from,
      percent: code.percent,
      lastModified: now,
      modifiedBy,
    })));
    await db.insert(productPrices).values(
      codes.flatMap((code) => [
        { productCodeId: idOf.get(code.code)!, effectiveFrom: from, centsPerKg: code.centsPerKg },
        {
          productCodeId: idOf.get(code.code)!,
          effectiveFrom: change,
          centsPerKg: Math.round(code.centsPerKg * PRICE_CHANGE_FACTOR),
        },
      ]).map((p) => ({ ...p, lastModified: now, modifiedBy })),
    );
  }
  const rooms = opts.siteIds.flatMap((tenantSiteId, i) =>
    ROOM_NAMES.map((name) => ({
      tenantSiteId,
      name,
      speciesIds: roomSpecies(i, opts.speciesIds),
      isActive: true,
      lastModified: now,
    }))
  );
  if (rooms.length) await db.insert(boningRooms).values(rooms);
  return ids;
}
