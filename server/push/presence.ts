/** Who is online: a tenant's open connections as one line per user (the hub's WhoIsOnline, the super pages). */
import type { Connection, OnlineUser } from "./connection.ts";

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
