/**
 * The kit's types in one file, since they refer to each other: the area context every operation works
 * with (context.ts makes it) and its unit of work (unit.ts runs it). Import them from context.ts or
 * unit.ts as before; this file only keeps those two and the audit trail out of an import circle.
 */
import type { AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";
import type { TenantDb } from "../../db/client.ts";
import type { AppPushEvents, PushEventName, PushPayload } from "../push/catalogue.ts";
import type { Scope } from "./scope.ts";

export interface AreaContext {
  app: AppServices;
  caller: Caller;
  tenantId: number;
  /** reads; writes go through `write` */
  db: TenantDb;
  /** the plant's local date, `yyyy-MM-dd`: decided by server/http/clientClock.ts (the one place) */
  today: string;
  /** the caller's species and sites, with the checks and the filter every scoped query starts from */
  scope: Scope;
  /**
   * One unit of work: the transaction, its audit rows, and its push announcements sent after the
   * commit (unit.ts).
   */
  write<T>(work: Work<T>): Promise<T>;
}

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
