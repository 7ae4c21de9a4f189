/**
 * What the rest of the server uses to push: `emit` an event of the catalogue to a tenant's clients,
 * and the session notices that close connections. One instance per server (AppServices.push).
 */
import type { PushBus } from "./bus.ts";
import type { EventSpecs, EventSpecsOf, PushCatalogue, PushEventName, PushPayload } from "./catalogue.ts";
import { type HubOptions, UserHub } from "./hub.ts";

export class PushService<E extends EventSpecsOf<E> = EventSpecs> {
  readonly hub: UserHub;

  constructor(
    readonly bus: PushBus,
    readonly catalogue: PushCatalogue<E>,
    hubOptions: Partial<HubOptions> = {},
  ) {
    this.hub = new UserHub(bus, catalogue, hubOptions);
  }

  /**
   * Tells the tenant's clients about a committed change. The event goes to the whole tenant or to the
   * connections registered for its refresh group (`qualifier` narrows it, e.g. a site id: those
   * registered for `Stockyard:2` and for all of `Stockyard` receive it).
   */
  emit<N extends PushEventName<E>>(
    tenantId: number | null,
    name: N,
    payload: PushPayload<E, N>,
    opts: { qualifier?: string | number } = {},
  ): Promise<void> {
    const { audience, payload: schema } = this.catalogue.events[name];
    const group = audience === "tenant"
      ? null
      : opts.qualifier !== undefined
      ? `${audience}:${opts.qualifier}`
      : audience;
    return this.bus.publish({ kind: "event", tenantId, group, target: name, payload: schema.parse(payload) });
  }

  /** An event for every tenant's clients (a global feature flag changed). */
  emitToEveryTenant<N extends PushEventName<E>>(name: N, payload: PushPayload<E, N>): Promise<void> {
    return this.emit(null, name, payload);
  }

  sessionsEnded(sessionIds: string[], reason = "The session has ended. Sign in again."): Promise<void> {
    if (!sessionIds.length) return Promise.resolve();
    return this.bus.publish({ kind: "sessionsEnded", sessionIds, reason });
  }

  /** Tells every open page of these users to sign out now, with the reason, and closes them. */
  signOutUsers(userIds: number[], reason: string): Promise<void> {
    return this.bus.publish({ kind: "signOutUsers", userIds, reason });
  }

  /** Tells every open page working in the tenant (but the one session) to sign out now, and closes them. */
  signOutTenant(tenantId: number, reason: string, exceptSessionId?: string): Promise<void> {
    return this.bus.publish({ kind: "signOutTenant", tenantId, reason, exceptSessionId });
  }

  sessionRotated(from: string, to: string): Promise<void> {
    return this.bus.publish({ kind: "sessionRotated", from, to });
  }

  async close() {
    this.hub.shutdown();
    await this.bus.close();
  }
}
