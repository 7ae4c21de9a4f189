/**
 * The event bus between the code that changes things (area services, sign-out, super actions) and the
 * hub connections that tell clients. Messages are plain JSON so a bus can carry them between server
 * instances: {@link LocalBus} delivers inside this process; `redisBus.ts` fans out through Redis.
 */

import type { OnlineUser } from "./connection.ts";

/** What one instance's sign-in limiter tells the others (a device by its token's hash, never the token). */
export type LoginLimitChange =
  | { outcome: "failure" | "success"; email: string; ip: string; at: number }
  | { outcome: "device"; email: string; device: string; at: number };

export type BusMessage =
  /** an event for clients: one tenant (or every tenant when null), optionally one interest group */
  | {
    kind: "event";
    tenantId: number | null;
    group: string | null;
    target: string;
    payload: unknown;
  }
  /** sessions ended (sign-out, password change, forced logout): close their connections */
  | { kind: "sessionsEnded"; sessionIds: string[]; reason: string }
  /** accounts signed out by someone else: their pages are told (forceTotalLogout) and closed */
  | { kind: "signOutUsers"; userIds: number[]; reason: string }
  /** a tenant deactivated: every page working in it is told (forceTotalLogout) and closed */
  | { kind: "signOutTenant"; tenantId: number; reason: string; exceptSessionId?: string }
  /** a token refresh replaced a session: connections opened with the old one belong to the new one */
  | { kind: "sessionRotated"; from: string; to: string }
  /** who these users are or what these tenants have changed: every instance forgets its cached callers */
  | { kind: "authChanged"; userIds: number[]; tenantIds: number[] }
  /** a sign-in failure, success or remembered device on one instance, for the others' limits */
  | { kind: "loginLimits"; from: string; change: LoginLimitChange }
  /** the users connected to one instance, per tenant, told every few seconds (who is online everywhere) */
  | { kind: "presence"; from: string; at: number; tenants: Record<string, OnlineUser[]> }
  /** a push connection negotiated on one instance: its socket may open on any (negotiations.ts) */
  | {
    kind: "negotiated";
    key: string;
    connectionId: string;
    userId: number;
    tenantId: number;
    expires: number;
  }
  /** a negotiated id was used: no instance takes it again */
  | { kind: "negotiationUsed"; key: string }
  /** local only: this instance may have missed messages (the bus reconnected); forget what they keep fresh */
  | { kind: "resync" };

export type BusListener = (message: BusMessage) => void;

export interface PushBus {
  publish(message: BusMessage): Promise<void>;
  /**
   * Resolves true once every message published anywhere before the call has been delivered here;
   * false when that cannot be known (the bus is down). What is kept in memory on the strength of the
   * messages (sessions, callers) is trusted only after a true.
   */
  sync(): Promise<boolean>;
  subscribe(listener: BusListener): () => void;
  /**
   * A message sent through the bus and back (the super user's connection check): where the bus is, or
   * null when it is this process only. Throws when it is not connected or the message is not back in time.
   */
  probe(timeoutMs: number): Promise<string | null>;
  close(): Promise<void>;
}

/** In-process delivery, synchronous and in publish order. The default for one server. */
export class LocalBus implements PushBus {
  #listeners = new Set<BusListener>();

  publish(message: BusMessage): Promise<void> {
    for (const listener of this.#listeners) listener(message);
    return Promise.resolve();
  }

  /** delivery is synchronous: everything published is already delivered */
  sync(): Promise<boolean> {
    return Promise.resolve(true);
  }

  subscribe(listener: BusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** nothing leaves the process: nothing to check */
  probe(): Promise<null> {
    return Promise.resolve(null);
  }

  close(): Promise<void> {
    this.#listeners.clear();
    return Promise.resolve();
  }
}
