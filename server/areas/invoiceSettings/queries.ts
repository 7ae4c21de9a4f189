/**
 * The invoicing settings that apply to one invoice (what InvoiceService computes with): the levies and
 * service kill fee of a site, species category and day; the defect price rules of a species; the skin
 * or hide price of a day. A site's own row beats the every-site row (site 0); the latest start date on
 * or before the day wins.
 */
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { defectDetails, levySettings, skinPrices } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx } from "../context.ts";
import type { LevyRule } from "../invoices/levies.ts";
import type { DefectRule } from "../invoices/pricing.ts";
import { skinKindOf, speciesDefectRules } from "./rules.ts";

type Db = TenantDb | TenantTx;

export interface LevyScope {
  tenantSiteId: number | null;
  speciesCategoryId: number | null;
  date: string;
}

async function levyRows(db: Db, scope: LevyScope) {
  if (scope.speciesCategoryId === null) return [];
  const rows = await db.select().from(levySettings).where(and(
    eq(levySettings.speciesCategoryId, scope.speciesCategoryId),
    inArray(levySettings.tenantSiteId, [0, scope.tenantSiteId ?? 0]),
    lte(levySettings.startDate, scope.date),
  ));
  // per levy (type + description): the site's own rows if it has any, then the latest start date
  const best = new Map<string, typeof rows[number]>();
  for (const r of rows) {
    const key = `${r.levyType}\u0000${r.description}`;
    const b = best.get(key);
    const rank = (x: typeof r) => `${x.tenantSiteId ? 1 : 0}${x.startDate}`;
    if (!b || rank(r) > rank(b)) best.set(key, r);
  }
  return [...best.values()].sort((a, b) =>
    a.levyType.localeCompare(b.levyType) || a.description.localeCompare(b.description)
  );
}

/** The levies that apply (the service kill fee is not a levy). */
export async function levyRulesFor(db: Db, scope: LevyScope): Promise<LevyRule[]> {
  return (await levyRows(db, scope)).filter((r) => r.levyType !== "ServiceKillFee").map((r) => ({
    levyType: r.levyType,
    description: r.description,
    bands: r.bands,
    maxPerHeadCents: r.maxPerHeadCents,
  }));
}

/** Cents per head the plant charges for a service kill, or null when no fee is set. */
export async function serviceKillFeeFor(db: Db, scope: LevyScope): Promise<number | null> {
  const fee = (await levyRows(db, scope)).find((r) => r.levyType === "ServiceKillFee");
  return fee ? fee.bands[0]?.perHeadCents ?? 0 : null;
}

/** Defect price rules of a species (its own rule for a code beats the every-species one). */
export async function defectRulesFor(db: Db, speciesId: number): Promise<DefectRule[]> {
  const rows = await db.select().from(defectDetails).where(and(
    eq(defectDetails.isArchived, false),
    or(isNull(defectDetails.speciesId), eq(defectDetails.speciesId, speciesId)),
  ));
  return speciesDefectRules(rows, speciesId);
}

/** The skin (or, for cattle, hide) price of a day: the category's own beats the species-wide one. */
export async function skinPriceFor(
  db: Db,
  q: { speciesId: number; speciesCategoryId: number | null; date: string },
) {
  const rows = await db.select().from(skinPrices).where(and(
    eq(skinPrices.kind, skinKindOf(q.speciesId)),
    eq(skinPrices.speciesId, q.speciesId),
    lte(skinPrices.startDate, q.date),
  ));
  const live = rows.filter((r) =>
    (r.archivedDate === null || r.archivedDate > q.date) &&
    (r.speciesCategoryId === null || r.speciesCategoryId === q.speciesCategoryId)
  );
  const rank = (r: typeof rows[number]) => `${r.speciesCategoryId === null ? 0 : 1}${r.startDate}`;
  return live.sort((a, b) => rank(b).localeCompare(rank(a)))[0] ?? null;
}
