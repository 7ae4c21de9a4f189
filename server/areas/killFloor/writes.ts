/**
 * The kill floor's writes that other areas call (it owns carcasses, carcassImports, interchangeClients and
 * integrationErrors): each takes the caller's `unit` first, so it joins their transaction. Shared file:
 * append a function, never rewrite or reorder.
 */

// ---------- for the invoices (its demo seed) ----------
import { eq as eqInv } from "drizzle-orm";
import { carcasses as carcassesInv } from "../../../db/tenant/schema.ts";
import type { Unit as UnitInv } from "../unit.ts";

/**
 * A kill floor correction of a mob's first carcass (by body number): its hot standard carcass weight
 * changed by `kg` and marked corrected, as a re-weigh would. A wholly condemned carcass is left alone.
 * Answers whether one was corrected.
 */
export async function correctFirstCarcassWeight(
  unit: Pick<UnitInv, "tx">,
  stockMobId: number,
  kg: number,
): Promise<boolean> {
  const [c] = await unit.tx.select().from(carcassesInv).where(eqInv(carcassesInv.stockMobId, stockMobId))
    .orderBy(carcassesInv.bodyNumber).limit(1);
  if (!c || c.condemned === "whole") return false;
  await unit.tx.update(carcassesInv).set({
    hscwKg: Math.round((c.hscwKg + kg) * 10) / 10,
    isCorrected: true,
    lastModified: new Date().toISOString(),
  }).where(eqInv(carcassesInv.id, c.id));
  return true;
}
