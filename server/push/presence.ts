/**
 * Who is online: a tenant's open connections as one line per user (the hub's WhoIsOnline, the super
 * pages), on every instance (`sharePresence`).
 */
import type { Connection, OnlineUser } from "./connection.ts";
import type { PushBus } from "./bus.ts";

/** One entry per user, with how many connections and since when (the earliest); by name. */
export function onlineUsers(connections: Iterable<Connection>): OnlineUser[] {
  const byUser = new Map<number, OnlineUser>();
  for (const conn of connections) {
    const since = new Date(conn.openedAt).toISOString();
    const seen = byUser.get(conn.who.userId);
    if (seen) {
      seen.connections++;
      if (since < seen.since) seen.since = since;
    } else {byUser.set(conn.who.userId, {
        userId: conn.who.userId,
        name: conn.who.name,
        connections: 1,
        since,
      });}
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

/** How often an instance tells the others who is connected to it. */
export const PRESENCE_ANNOUNCE_MS = 5_000;
/** An instance not heard from for this long (killed, or cut off) is no longer counted. */
const PRESENCE_STALE_MS = 3 * PRESENCE_ANNOUNCE_MS;

/**
 * Who is online on every instance: each tells the others its users per tenant through the bus every
 * few seconds (and nobody when it stops), and answers with its own connections merged with what the
 * others told. A connection opened or closed elsewhere shows within PRESENCE_ANNOUNCE_MS; an instance
 * that died unannounced drops out after PRESENCE_STALE_MS.
 */
export function sharePresence(bus: PushBus, local: () => Map<number, Iterable<Connection>>) {
  const from = crypto.randomUUID();
  const others = new Map<string, { heardAt: number; tenants: Record<string, OnlineUser[]> }>();
  const announce = (tenants: Record<string, OnlineUser[]>) =>
    void bus.publish({ kind: "presence", from, at: Date.now(), tenants }).catch(() => {});
  const snapshot = () => {
    const tenants: Record<string, OnlineUser[]> = {};
    for (const [tenantId, connections] of local()) {
      const users = onlineUsers(connections);
      if (users.length) tenants[tenantId] = users;
    }
    return tenants;
  };
  const unsubscribe = bus.subscribe((m) => {
    if (m.kind !== "presence" || m.from === from) return;
    if (Object.keys(m.tenants).length) others.set(m.from, { heardAt: Date.now(), tenants: m.tenants });
    else others.delete(m.from);
  });
  const timer = setInterval(() => announce(snapshot()), PRESENCE_ANNOUNCE_MS);
  Deno.unrefTimer(timer as unknown as number);
  return {
    online(tenantId: number, connections: Iterable<Connection>): OnlineUser[] {
      const byUser = new Map(onlineUsers(connections).map((u) => [u.userId, u]));
      const now = Date.now();
      for (const [instance, told] of others) {
        if (now - told.heardAt > PRESENCE_STALE_MS) {
          others.delete(instance);
          continue;
        }
        for (const user of told.tenants[tenantId] ?? []) {
          const seen = byUser.get(user.userId);
          if (!seen) byUser.set(user.userId, { ...user });
          else {
            seen.connections += user.connections;
            if (user.since < seen.since) seen.since = user.since;
          }
        }
      }
      return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
    },
    stop() {
      clearInterval(timer);
      announce({});
      unsubscribe();
    },
  };
}
