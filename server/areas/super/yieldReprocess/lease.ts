/**
 * One yield reprocessing per tenant and species at a time across every server instance: a lease row in
 * the control database (db/control/reprocessLeases.ts). Taken with one conditional insert that also takes
 * over an expired row, renewed while the run goes on, released at its end. A server that dies mid-run
 * leaves a row that expires after LEASE_MS, so the next run is never refused for long.
 */
import { and, eq, lt } from "drizzle-orm";
import type { ControlDb } from "../../../../db/client.ts";
import { reprocessLeases } from "../../../../db/control/schema.ts";

/** how long a lease holds without renewal, and how often a running run renews it */
export const LEASE_MS = 60_000;
export const RENEW_MS = 15_000;

function hostName(): string {
  try {
    return Deno.hostname();
  } catch {
    return "server"; // no --allow-sys: the process id still tells instances on one host apart
  }
}

/** this server process (the wording says whether a refused run goes on here or elsewhere) */
export const THIS_INSTANCE = `${hostName()}:${Deno.pid}`;

export type LeaseRow = typeof reprocessLeases.$inferSelect;
export interface LeaseKey {
  tenantId: number;
  speciesId: number;
}

export interface HeldLease {
  readonly row: LeaseRow;
  /** keeps the lease while the run goes on (every RENEW_MS), until released */
  renewWhileRunning(): void;
  release(): Promise<void>;
}

/**
 * Takes the lease of a tenant and species: the lease, or the row of whoever holds it (not yet expired).
 * One statement: an insert, or on conflict an update only where the held row has expired.
 */
export async function takeLease(
  control: ControlDb,
  key: LeaseKey,
  holderName: string,
  now = new Date(),
): Promise<{ lease: HeldLease } | { heldBy: LeaseRow }> {
  const takenAt = now.toISOString();
  const row: LeaseRow = {
    tenantId: key.tenantId,
    speciesId: key.speciesId,
    instanceId: THIS_INSTANCE,
    runId: crypto.randomUUID(),
    holderName,
    takenAt,
    expiresAt: new Date(now.getTime() + LEASE_MS).toISOString(),
  };
  const { tenantId: _t, speciesId: _s, ...held } = row;
  const taken = await control.insert(reprocessLeases).values(row)
    .onConflictDoUpdate({
      target: [reprocessLeases.tenantId, reprocessLeases.speciesId],
      set: held,
      setWhere: lt(reprocessLeases.expiresAt, takenAt),
    })
    .returning({ runId: reprocessLeases.runId });
  if (taken[0]?.runId === row.runId) return { lease: heldLease(control, row) };
  const [holder] = await control.select().from(reprocessLeases).where(mine(key));
  // released between the two statements: try once more
  return holder ? { heldBy: holder } : takeLease(control, key, holderName, now);
}

const mine = (key: LeaseKey, runId?: string) =>
  and(
    eq(reprocessLeases.tenantId, key.tenantId),
    eq(reprocessLeases.speciesId, key.speciesId),
    runId ? eq(reprocessLeases.runId, runId) : undefined,
  );

function heldLease(control: ControlDb, row: LeaseRow): HeldLease {
  let timer: ReturnType<typeof setInterval> | undefined;
  const own = mine(row, row.runId);
  return {
    row,
    renewWhileRunning() {
      timer ??= setInterval(() => {
        const expiresAt = new Date(Date.now() + LEASE_MS).toISOString();
        control.update(reprocessLeases).set({ expiresAt }).where(own)
          .catch((error) => console.error("renewing the reprocessing lease failed", error));
      }, RENEW_MS);
    },
    async release() {
      clearInterval(timer);
      await control.delete(reprocessLeases).where(own);
    },
  };
}
