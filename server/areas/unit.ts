/**
 * One unit of work: `ctx.write(async (tx, unit) => …)` runs the transaction, records the audit rows in
 * it, and collects the push announcements, which go out after the commit: none on a rollback, and after
 * a commit every one is sent even when another fails (a failure is logged, never thrown at the caller,
 * whose change is already saved). Writes that another area needs are the owner's exported functions
 * taking this `Unit`, so they join the caller's transaction instead of opening a second one.
 */
import type { AreaContext, Unit, Work } from "./types.ts";
import { recordAudit } from "./audit.ts";
import { reactionsTo } from "./reactions.ts";

export type { AuditEntryInput, TenantTx, Unit, Work } from "./types.ts";

/** Runs `work` as one unit over the context's tenant database (AreaContext.write). */
export async function runUnit<T>(ctx: AreaContext, work: Work<T>): Promise<T> {
  const announcements = new Map<string, () => Promise<void>>();
  const after: (() => unknown)[] = [];
  // other areas' reactions to what this unit announces (Area.reactions), once per event and payload
  const reactions = new Map<string, () => Promise<void>>();
  const result = await ctx.db.transaction((tx) => {
    const unit: Unit = {
      ctx,
      tx,
      audit: (entry) => recordAudit(tx, ctx, entry),
      announce(name, payload, opts) {
        const key = JSON.stringify([name, payload, opts?.qualifier ?? null]);
        announcements.set(key, () => ctx.app.push.emit(ctx.tenantId, name, payload, opts));
        reactionsTo(name).forEach((react, i) => reactions.set(`${key}#${i}`, () => react(ctx, payload)));
      },
      afterCommit: (work) => void after.push(work),
    };
    return work(tx, unit);
  });
  // committed: everything below is told, whatever fails on the way
  const outcomes = await Promise.allSettled([
    // (async: an emit that throws at once, a payload its schema refuses, fails alone)
    ...[...announcements.values()].map(async (send) => await send()),
    ...after.map(async (work) => await work()),
  ]);
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") console.error("after a committed change:", outcome.reason);
  }
  // one after another: each may write in a unit of its own, and the database takes one at a time
  for (const react of reactions.values()) {
    await react().catch((error) => console.error("reacting to a committed change:", error));
  }
  return result;
}
