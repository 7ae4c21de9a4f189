/**
 * The user hub: live connections, their refresh interests, and delivery of bus messages to them.
 * Transport-free: `routes.ts` hands it sockets; anything with send/close works (tests use fakes).
 *
 * Isolation: a connection belongs to one tenant (its session's), every group key starts with that
 * tenant id, and an event names its tenant, so nothing published for one tenant reaches another.
 */
import { z } from "zod";
import type { BusMessage, PushBus } from "./bus.ts";
import type { RefreshGroups } from "./catalogue.ts";
import { GroupChanges } from "./changeLog.ts";
import { sharePresence } from "./presence.ts";
import { shareNegotiations } from "./negotiations.ts";
import * as limits from "./limits.ts";
import { arg, InterestName, InterestNames, registration } from "./hubArguments.ts";
import {
  ClientMessage,
  closeFrame,
  completionFrame,
  HANDSHAKE_OK_FRAME,
  HandshakeRequest,
  invocationFrame,
  MessageType,
  PING_FRAME,
  RECORD_SEPARATOR,
  splitRecords,
} from "./protocol.ts";
import {
  Connection,
  DEFAULT_HUB_OPTIONS,
  type HubIdentity,
  type HubOptions,
  type HubSocket,
} from "./connection.ts";
import { HubError, type NegotiateResponse, type OnlineUser } from "./connection.ts";
import { tracer } from "../ops/telemetry.ts";
import { canonicalGroups, membersInEveryTenant } from "./groupAccess.ts";

export { DEFAULT_HUB_OPTIONS, HubError, type HubIdentity, type HubOptions, type HubSocket };
export type { NegotiateResponse, OnlineUser };

const groupKey = (tenantId: number, group: string) => `${tenantId}|${group.toLowerCase()}`;

export class UserHub {
  readonly options: HubOptions;
  #connections = new Map<string, Connection>();
  #byTenant = new Map<number, Set<Connection>>();
  #groups = new Map<string, Set<Connection>>();
  #timer: ReturnType<typeof setInterval>;
  #unsubscribe: () => void;
  #changes = new GroupChanges();
  #presence: ReturnType<typeof sharePresence>;
  /** POST negotiate and the socket's id, good on every instance */
  readonly negotiations: ReturnType<typeof shareNegotiations>;

  constructor(readonly bus: PushBus, readonly catalogue: RefreshGroups, options: Partial<HubOptions> = {}) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.#unsubscribe = bus.subscribe((m) => this.#deliver(m));
    this.#presence = sharePresence(bus, () => this.#byTenant);
    this.negotiations = shareNegotiations(bus, this.options.negotiateTtlMs);
    this.#timer = setInterval(() => this.#tick(), this.options.keepAliveMs);
    Deno.unrefTimer(this.#timer as unknown as number);
  }

  /** A socket opened: the connection waits for the client's handshake. */
  open(connectionId: string, who: HubIdentity, socket: HubSocket): Connection {
    const conn = new Connection(connectionId, who, socket);
    conn.bucket = this.options.messageBurst;
    this.#connections.set(connectionId, conn);
    return conn;
  }

  /**
   * A frame from a socket (several records or part of one). Its size is checked before it is decoded,
   * and every record after the handshake is counted against the connection's rate (limits.ts).
   */
  receive(conn: Connection, data: string | ArrayBuffer) {
    if (conn.closed) return;
    if (limits.frameBytes(data, this.options.maxFrameBytes) > this.options.maxFrameBytes) {
      return this.#refuse(conn, limits.FRAME_TOO_LARGE, limits.CLOSE_TOO_BIG);
    }
    conn.lastSeen = Date.now();
    const text = typeof data === "string" ? data : new TextDecoder().decode(data);
    const { records, rest } = splitRecords(conn.buffer + text);
    conn.buffer = rest;
    if (rest.length > this.options.maxMessageChars) {
      return this.#close(conn, "The message is too large.", false);
    }
    for (const record of records) {
      if (conn.closed) return;
      if (!conn.handshaken) this.#handshake(conn, record);
      else if (!limits.takeMessage(conn, this.options)) {
        return this.#refuse(conn, limits.TOO_MANY_MESSAGES, limits.CLOSE_POLICY);
      } else this.#message(conn, record);
    }
  }

  /** The socket closed (either side). Safe to call twice. */
  closed(conn: Connection) {
    conn.closed = true;
    if (!this.#connections.delete(conn.id)) return;
    for (const key of conn.groups) {
      const members = this.#groups.get(key);
      members?.delete(conn);
      if (members?.size === 0) this.#groups.delete(key);
    }
    const tenantSet = this.#byTenant.get(conn.who.tenantId);
    tenantSet?.delete(conn);
    if (tenantSet?.size === 0) this.#byTenant.delete(conn.who.tenantId);
    if (conn.handshaken) this.#announcePresence(conn.who, false);
  }

  /** The users of a tenant with an open connection, by name. */
  whoIsOnline(tenantId: number): OnlineUser[] {
    return this.#presence.online(tenantId, this.#byTenant.get(tenantId) ?? []);
  }

  /** Open connections (handshake done), optionally of one tenant. */
  connectionCount(tenantId?: number): number {
    if (tenantId !== undefined) return this.#byTenant.get(tenantId)?.size ?? 0;
    let n = 0;
    for (const set of this.#byTenant.values()) n += set.size;
    return n;
  }

  /** Closes every connection, letting clients reconnect (to this or another instance). */
  disconnectAll(reason = "The server asked clients to reconnect.") {
    for (const conn of [...this.#connections.values()]) this.#close(conn, reason, true);
  }

  /** Stops the hub (server shutdown): connections close, clients may reconnect elsewhere. */
  shutdown() {
    clearInterval(this.#timer);
    this.#presence.stop();
    this.negotiations.stop();
    this.#unsubscribe();
    this.disconnectAll("The server is shutting down.");
  }

  #handshake(conn: Connection, record: string) {
    let request: z.infer<typeof HandshakeRequest>;
    try {
      request = HandshakeRequest.parse(JSON.parse(record));
    } catch {
      conn.send(JSON.stringify({ error: "Handshake was canceled." }) + RECORD_SEPARATOR);
      return this.#close(conn, undefined, false, true);
    }
    if (request.protocol !== "json" || request.version !== 1) {
      conn.send(
        JSON.stringify({
          error:
            `The protocol '${request.protocol}' (version ${request.version}) is not supported; use json version 1.`,
        }) + RECORD_SEPARATOR,
      );
      return this.#close(conn, undefined, false, true);
    }
    conn.handshaken = true;
    conn.send(HANDSHAKE_OK_FRAME);
    let tenantSet = this.#byTenant.get(conn.who.tenantId);
    if (!tenantSet) this.#byTenant.set(conn.who.tenantId, tenantSet = new Set());
    tenantSet.add(conn);
    this.#announcePresence(conn.who, true);
  }

  #message(conn: Connection, record: string) {
    let message: ClientMessage;
    try {
      message = ClientMessage.parse(JSON.parse(record));
    } catch {
      return this.#close(conn, "Connection closed with an error: the message could not be read.", false);
    }
    switch (message.type) {
      case MessageType.Invocation: {
        const { invocationId, target } = message;
        let outcome: { result?: unknown; error?: string };
        try {
          outcome = { result: this.#invoke(conn, target, message.arguments) };
        } catch (err) {
          outcome = {
            error: err instanceof HubError
              ? err.message
              : `Failed to invoke '${target}' due to an error on the server.`,
          };
          if (!(err instanceof HubError)) console.error(`hub ${target}:`, err);
        }
        if (invocationId !== undefined) conn.send(completionFrame(invocationId, outcome));
        return;
      }
      case MessageType.StreamInvocation:
        return conn.send(
          completionFrame(message.invocationId, { error: "Streaming is not supported by this hub." }),
        );
      case MessageType.Close:
        return this.#close(conn, undefined, false, true);
      default:
        // pings only keep the connection alive; acks, sequences, stream items and cancels do not apply
        return;
    }
  }

  /** The hub methods clients call (names compared case-insensitively, as ASP.NET does). */
  #invoke(conn: Connection, target: string, args: unknown[]): unknown {
    switch (target.toLowerCase()) {
      case "registerrefreshinterest":
        return this.#join(conn, [arg(InterestName, args, "a refresh group name")]);
      case "deregisterrefreshinterest":
        return this.#leave(conn, [arg(InterestName, args, "a refresh group name")]);
      case "registerrefreshinterests": {
        const [names, since] = registration(args);
        return this.#join(conn, names, since);
      }
      case "deregisterrefreshinterests":
        return this.#leave(conn, arg(InterestNames, args, "a list of refresh group names"));
      case "whoisonline":
        return this.whoIsOnline(conn.who.tenantId);
      default:
        throw new HubError(`Unknown hub method '${target}'.`);
    }
  }

  /**
   * Joins the groups; with `since` (when the page was rendered), tells the connection which of them had an
   * event since (`missed`, changeLog.ts).
   */
  #join(conn: Connection, names: string[], since?: number): string[] {
    const groups = canonicalGroups(this.catalogue, conn.who, names);
    for (const group of groups) {
      const key = groupKey(conn.who.tenantId, group);
      conn.groups.add(key);
      let members = this.#groups.get(key);
      if (!members) this.#groups.set(key, members = new Set());
      members.add(conn);
    }
    const missed = since === undefined ? [] : this.#changes.since(conn.who.tenantId, groups, since);
    if (missed.length) conn.send(invocationFrame("missed", [{ groups: missed }]));
    return this.#interestsOf(conn);
  }

  #leave(conn: Connection, names: string[]): string[] {
    for (const name of names) {
      const group = this.catalogue.canonicalGroupName(name);
      if (!group) continue; // leaving something never joined is harmless
      const key = groupKey(conn.who.tenantId, group);
      conn.groups.delete(key);
      const members = this.#groups.get(key);
      members?.delete(conn);
      if (members?.size === 0) this.#groups.delete(key);
    }
    return this.#interestsOf(conn);
  }

  #interestsOf(conn: Connection): string[] {
    return [...conn.groups].map((k) => k.slice(k.indexOf("|") + 1)).map((g) =>
      this.catalogue.canonicalGroupName(g)!
    )
      .sort();
  }

  #deliver(message: BusMessage) {
    switch (message.kind) {
      case "event": {
        if (message.group !== null) this.#changes.changed(message.tenantId, message.group);
        // the fan-out's span (server/ops/telemetry.ts): which event, to how many sockets
        const span = tracer.startSpan("push fan-out", { attributes: { "push.event": message.target } });
        const text = invocationFrame(message.target, [message.payload]);
        let sent = 0;
        for (const conn of this.#audience(message.tenantId, message.group)) {
          conn.send(text);
          sent++;
        }
        span.setAttribute("push.recipients", sent);
        span.end();
        return;
      }
      case "sessionsEnded": {
        const ended = new Set(message.sessionIds);
        for (const conn of [...this.#connections.values()]) {
          if (ended.has(conn.who.sessionId)) this.#close(conn, message.reason, false);
        }
        return;
      }
      case "signOutUsers": {
        // the pages sign out with the reason at once (an account disabled by an admin)
        const users = new Set(message.userIds);
        return this.#signOut((conn) => users.has(conn.who.userId), message.reason);
      }
      case "signOutTenant":
        return this.#signOut(
          (conn) => conn.who.tenantId === message.tenantId && conn.who.sessionId !== message.exceptSessionId,
          message.reason,
        );
      case "resync":
        this.#changes.forget();
        return;
      case "sessionRotated":
        for (const conn of this.#connections.values()) {
          if (conn.who.sessionId === message.from) conn.who = { ...conn.who, sessionId: message.to };
        }
        return;
    }
  }

  /** The one way pages are signed out by someone else: told why (forceTotalLogout), then closed. */
  #signOut(which: (conn: Connection) => boolean, reason: string) {
    for (const conn of [...this.#connections.values()]) {
      if (!which(conn)) continue;
      conn.send(invocationFrame("forceTotalLogout", [{ reason }]));
      this.#close(conn, reason, false);
    }
  }

  #audience(tenantId: number | null, group: string | null): Iterable<Connection> {
    if (tenantId === null && group !== null) return membersInEveryTenant(this.#groups, group);
    if (tenantId === null) return this.#connections.values().filter((c) => c.handshaken);
    if (group === null) return this.#byTenant.get(tenantId) ?? [];
    const members = this.#groups.get(groupKey(tenantId, group));
    const colon = group.indexOf(":");
    if (colon === -1) return members ?? [];
    // a qualified event (Stockyard:2) also reaches those registered for the whole group (Stockyard)
    const whole = this.#groups.get(groupKey(tenantId, group.slice(0, colon)));
    return new Set([...members ?? [], ...whole ?? []]);
  }

  #announcePresence(who: HubIdentity, online: boolean) {
    const connections = [...this.#byTenant.get(who.tenantId) ?? []].filter((c) => c.who.userId === who.userId)
      .length;
    // only the first connection in and the last one out change what others see
    if (online ? connections !== 1 : connections !== 0) return;
    void this.bus.publish({
      kind: "event",
      tenantId: who.tenantId,
      group: "OnlineUsers",
      target: "userConnectionChanged",
      payload: { userId: who.userId, name: who.name, online, connections },
    });
  }

  /**
   * Sends the close record, then closes the socket. `allowReconnect` tells the client library whether
   * its automatic reconnect may try again (false after a sign-out).
   */
  #refuse(conn: Connection, reason: string, code: number) {
    limits.refuse(conn, reason, code);
    this.closed(conn);
  }

  #close(conn: Connection, error: string | undefined, allowReconnect: boolean, silent = false) {
    if (conn.closed) return;
    if (!silent && conn.handshaken) conn.send(closeFrame(error, allowReconnect));
    try {
      conn.socket.close(1000, "");
    } catch {
      // already closing
    }
    this.closed(conn);
  }

  #tick() {
    const now = Date.now();
    this.negotiations.sweep(now);
    for (const conn of [...this.#connections.values()]) {
      if (!conn.handshaken) {
        if (now - conn.openedAt > this.options.handshakeTimeoutMs) this.#close(conn, undefined, false, true);
      } else if (now - conn.lastSeen > this.options.clientTimeoutMs) {
        this.#close(conn, "Server timeout elapsed without receiving a message from the client.", true);
      } else if (conn.who.absoluteExpiresAt <= now) {
        this.#close(conn, "The session has ended. Sign in again.", false);
      } else conn.send(PING_FRAME);
    }
  }
}
