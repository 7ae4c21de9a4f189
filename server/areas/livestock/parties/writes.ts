/**
 * The parties area's writes that other areas call (it owns suppliers, stakeholders, buyers and
 * transportCompanies): each takes the caller's `unit` first, so it joins their transaction. Shared
 * file: append, never rewrite or reorder.
 */

// ---------- for the invoices (its demo seed) ----------
import { eq as eqInv } from "drizzle-orm";
import { stakeholders as stakeholdersInv } from "../../../../db/tenant/schema.ts";
import type { Unit as UnitInv } from "../../unit.ts";

/** The plant's own party as its invoices head it: name, ABN, PIC, address and contacts. */
export type OwnParty = Omit<
  typeof stakeholdersInv.$inferInsert,
  "id" | "isTenant" | "createdAt" | "lastModified"
>;

/**
 * The processor's own party record (its ABN and address head every invoice it issues; the NLIS kill file
 * names the plant by its PIC): made when there is none, else given the PIC when it has none.
 */
export async function ensureOwnParty(unit: Pick<UnitInv, "tx">, party: OwnParty): Promise<void> {
  const [own] = await unit.tx.select({ id: stakeholdersInv.id, pic: stakeholdersInv.pic })
    .from(stakeholdersInv).where(eqInv(stakeholdersInv.isTenant, true));
  if (own) {
    if (!own.pic && party.pic) {
      await unit.tx.update(stakeholdersInv).set({ pic: party.pic }).where(eqInv(stakeholdersInv.id, own.id));
    }
    return;
  }
  const now = new Date().toISOString();
  await unit.tx.insert(stakeholdersInv).values({
    ...party,
    isTenant: true,
    createdAt: now,
    lastModified: now,
  });
}
