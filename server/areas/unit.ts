/**
 * One unit of work: `ctx.write(async (tx, unit) => …)` runs the transaction, records the audit rows in
 * it, and collects the push announcements, which go out after the commit: none on a rollback, and after
 * a commit every one is sent even when another fails (a failure is logged, never thrown at the caller,
 * whose change is already saved). Writes that another area needs are the owner's exported functions
 * taking this `Unit`, so they join the caller's transaction instead of opening a second one.
 */
import type { AppPushEvents, PushEventName, PushPayload } from "../push/catalogue.ts";
import type { TenantDb } from "../../db/client.ts";
import type { AreaContext } from "./context.ts";
import { recordAudit } from "./audit.ts";

/** A transaction of the tenant database (what `db.transaction` hands its callback). */
export type TenantTx = Parameters<Parameters<TenantDb["transaction"]>[0]>[0];

type EventName = PushEventName<AppPushEvents>;

export interface AuditEntryInput {
  entity: string;
  entityId: number | string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface Unit {
  readonly ctx: AreaContext;
  readonly tx: TenantTx;
  /** one row of the audit trail (who, when, before, after, reason), in this transaction */
  audit(entry: AuditEntryInput): Promise<void>;
  /** a push event sent after the commit (the same event with the same payload goes once) */
  announce<N extends EventName>(
    name: N,
    payload: PushPayload<AppPushEvents, N>,
    opts?: { qualifier?: string | number },
  ): void;
  /** work that must only happen once the change is saved (a cache told, a file removed) */
  afterCommit(work: () => unknown): void;
}

export type Work<T> = (tx: TenantTx, unit: Unit) => Promise<T>;

/** Runs `work` as one unit over the context's tenant database (AreaContext.write). */
export async function runUnit<T>(ctx: AreaContext, work: Work<T>): Promise<T> {
  const announcements = new Map<string, () => Promise<void>>();
  const after: (() => unknown)[] = [];
  const result = await ctx.db.transaction((tx) => {
    const unit: Unit = {
      ctx,
      tx,
      audit: (entry) => recordAudit(tx, ctx, entry),
      announce(name, payload, opts) {
        const key = JSON.stringify([name, payload, opts?.qualifier ?? null]);
        announcements.set(key, () => ctx.app.push.emit(ctx.tenantId, name, payload, opts));
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
  return result;
}
