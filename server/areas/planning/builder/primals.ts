/**
 * Each primal's share of HSCW on a day: the standard yields (in force that day) of the product codes
 * under its cuts, summed (yield's reference data, read only). A recipe splits that share into products.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import { productCodes, standardYields, yieldSegments } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { PrimalShare } from "./rules.ts";

export async function primalShares(
  ctx: AreaContext,
  speciesId: number,
  date: string,
): Promise<PrimalShare[]> {
  const segments = await ctx.db.select().from(yieldSegments).where(eq(yieldSegments.speciesId, speciesId));
  const primals = segments.filter((s) => s.level === "primal").sort((a, b) =>
    a.sortOrder - b.sortOrder || a.id - b.id
  );
  const primalOfCut = new Map<number, number>();
  for (const s of segments) if (s.level === "cut" && s.parentId !== null) primalOfCut.set(s.id, s.parentId);
  const codes = await ctx.db.select({ id: productCodes.id, cutId: productCodes.cutId }).from(productCodes)
    .where(and(eq(productCodes.speciesId, speciesId), eq(productCodes.kind, "product")));
  const yields = codes.length
    ? await ctx.db.select().from(standardYields).where(and(
      inArray(standardYields.productCodeId, codes.map((c) => c.id)),
      lte(standardYields.effectiveFrom, date),
    ))
    : [];
  // the latest standard in force per code
  const current = new Map<number, { from: string; percent: number }>();
  for (const y of yields) {
    const seen = current.get(y.productCodeId);
    if (!seen || seen.from < y.effectiveFrom) {
      current.set(y.productCodeId, { from: y.effectiveFrom, percent: y.percent });
    }
  }
  const share = new Map<number, number>();
  for (const c of codes) {
    const primalId = c.cutId === null ? undefined : primalOfCut.get(c.cutId);
    const percent = current.get(c.id)?.percent;
    if (primalId !== undefined && percent !== undefined) {
      share.set(primalId, (share.get(primalId) ?? 0) + percent);
    }
  }
  return primals.map((p) => ({
    primalId: p.id,
    name: p.name,
    percentOfHscw: Math.round((share.get(p.id) ?? 0) * 100) / 100,
  }));
}
