/**
 * Negotiated connection ids, good on every instance. The official client negotiates (POST) and then
 * opens its socket on a second connection, which a balancer without sticky sessions may hand to
 * another instance: each negotiation is told to the others through the bus before it is answered, and
 * a socket's id is looked up once the bus has caught up (`sync`, a Redis PING), so an id negotiated or
 * used elsewhere a moment ago is known. A used id is forgotten everywhere (single use); an unused one
 * after `ttlMs`.
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { BusMessage, PushBus } from "./bus.ts";
import type { NegotiateResponse } from "./connection.ts";

const randomId = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));

export type Negotiated = Extract<BusMessage, { kind: "negotiated" }>;
type Who = { userId: number; tenantId: number };

export function shareNegotiations(bus: PushBus, ttlMs: number) {
  const pending = new Map<string, Negotiated>();
  const unsubscribe = bus.subscribe((m) => {
    if (m.kind === "negotiated") pending.set(m.key, m);
    else if (m.kind === "negotiationUsed") pending.delete(m.key);
  });
  return {
    /** Reserves a connection id for this user (version 1 also issues a separate token). */
    async negotiate(who: Who, negotiateVersion: number): Promise<NegotiateResponse> {
      const connectionId = randomId();
      const version = negotiateVersion >= 1 ? 1 : 0;
      const key = version === 1 ? randomId() : connectionId;
      // published (and so known here) before the answer: the socket may open on any instance
      await bus.publish({ kind: "negotiated", key, connectionId, ...who, expires: Date.now() + ttlMs });
      return {
        negotiateVersion: version,
        connectionId,
        ...(version === 1 ? { connectionToken: key } : {}),
        availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
      };
    },

    /**
     * The connection id for a socket about to open: the negotiated one named by `id` (it must belong to
     * the same user and tenant, and be unused), or a fresh one when the client skipped negotiation.
     */
    async claim(id: string | null, who: Who): Promise<string | null> {
      if (id === null) return randomId();
      // negotiated (or used) on another instance a moment ago: its message may still be on the way
      await bus.sync();
      const found = pending.get(id);
      if (!found || found.expires < Date.now()) return null;
      if (found.userId !== who.userId || found.tenantId !== who.tenantId) return null;
      pending.delete(id);
      await bus.publish({ kind: "negotiationUsed", key: id });
      return found.connectionId;
    },

    /** Forgets the ids not used in time. */
    sweep(now = Date.now()) {
      for (const [key, p] of pending) if (p.expires < now) pending.delete(key);
    },

    stop: unsubscribe,
  };
}
