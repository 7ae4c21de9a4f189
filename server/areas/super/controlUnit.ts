/**
 * One unit of work on the control database, for the super area (what unit.ts is for a tenant's): the
 * transaction, the super audit row in it, and the push announcements and other after-commit work (the
 * caller cache told), which go out only once the change is saved: none on a rollback, and after a
 * commit every one runs even when another fails (logged, never thrown at the caller).
 */
import type { ControlDb } from "../../../db/client.ts";
import type { AppPushEvents, PushEventName, PushPayload } from "../../push/catalogue.ts";
import type { AreaContext } from "../context.ts";
import { recordSuperAudit, type SuperAuditEntry } from "./audit.ts";

/** A transaction of the control database. */
export type ControlTx = Parameters<Parameters<ControlDb["transaction"]>[0]>[0];

type EventName = PushEventName<AppPushEvents>;

export interface ControlUnit {
  readonly tx: ControlTx;
  /** the super audit row of the action, in this transaction */
  audit(entry: SuperAuditEntry): Promise<void>;
  /** a push event to a tenant's clients, sent after the commit */
  announce<N extends EventName>(tenantId: number, name: N, payload: PushPayload<AppPushEvents, N>): void;
  /** work that must only happen once the change is saved */
  afterCommit(work: () => unknown): void;
}

export async function controlWrite<T>(
  ctx: AreaContext,
  work: (tx: ControlTx, unit: ControlUnit) => Promise<T>,
): Promise<T> {
  const after: (() => unknown)[] = [];
  const result = await ctx.app.db.control.transaction((tx) =>
    work(tx, {
      tx,
      audit: (entry) => recordSuperAudit(tx, ctx.caller, entry),
      announce: (tenantId, name, payload) =>
        void after.push(() => ctx.app.push.emit(tenantId, name, payload)),
      afterCommit: (done) => void after.push(done),
    })
  );
  const outcomes = await Promise.allSettled(after.map(async (done) => await done()));
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") console.error("after a committed super action:", outcome.reason);
  }
  return result;
}
