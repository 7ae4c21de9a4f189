/**
 * An emailed link invitation taken up by a sign-up (Accounts, server/areas/users/operations/
 * producerSignUp.ts): read what the code invites to, claim the link for a producer tenant inside the
 * sign-up's control transaction, then mark the processor's suppliers as linked (isTenant) in the
 * processor's own database, one unit of work there.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { ControlDb } from "../../../db/client.ts";
import { tenants } from "../../../db/control/schema.ts";
import { producerLinks } from "../../../db/control/producerLinks.ts";
import { hashSecret } from "../../auth/tokens.ts";
import { areaContext, nextModified } from "../context.ts";
import type { AreaContext } from "../context.ts";
import { runUnit } from "../unit.ts";
import { markSuppliersLinked } from "../livestock/parties/writes.ts";

type ControlTx = Parameters<Parameters<ControlDb["transaction"]>[0]>[0];
type LinkRow = typeof producerLinks.$inferSelect;

/** The waiting link a code invites to (not taken, ended or expired) and its processor's name, or null. */
export async function invitedLink(control: ControlDb, code: string, now = new Date()) {
  const [found] = await control.select({ link: producerLinks, processorName: tenants.name })
    .from(producerLinks).innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(
      and(
        eq(producerLinks.inviteCodeHash, hashSecret(code.trim().toUpperCase())),
        isNull(producerLinks.producerTenantId),
      ),
    );
  if (!found || found.link.revokedAt) return null;
  if ((found.link.inviteExpiresAt?.getTime() ?? 0) < now.getTime()) return null;
  return found;
}

/** Gives the waiting link to the producer tenant, in the caller's transaction; false when raced. */
export async function claimInvitedLink(tx: ControlTx, link: LinkRow, producerTenantId: number) {
  const taken = await tx.update(producerLinks).set({
    producerTenantId,
    acceptedAt: new Date().toISOString(),
    inviteCodeHash: null,
    lastModified: nextModified(link.lastModified),
  }).where(and(
    eq(producerLinks.id, link.id),
    isNull(producerLinks.producerTenantId),
    isNull(producerLinks.revokedAt),
  )).returning({ id: producerLinks.id });
  return taken.length === 1;
}

/**
 * The claimed link's suppliers show isTenant in the processor's database: one unit there, audited as the
 * producer's user (who caused it), announced to the processor's open pages.
 */
export async function markClaimedSuppliers(producerCtx: AreaContext, link: LinkRow) {
  const base = await areaContext(producerCtx.app, producerCtx.caller, producerCtx.today);
  const processor: AreaContext = {
    ...base,
    tenantId: link.processorTenantId,
    db: await producerCtx.app.db.tenantDb(link.processorTenantId),
    write: (work) => runUnit(processor, work),
  };
  await processor.write(async (_, unit) => {
    await markSuppliersLinked(unit, link.supplierIds, true);
    await unit.audit({
      entity: "producerLink",
      entityId: link.id,
      action: "accept",
      after: { producerTenantId: producerCtx.tenantId, supplierIds: link.supplierIds },
      reason: `Accepted by ${producerCtx.caller.tenant.name} at sign-up`,
    });
  });
}
