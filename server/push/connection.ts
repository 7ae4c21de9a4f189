/**
 * The hub's vocabulary: who a connection speaks for, the socket it writes to, the hub's options and
 * its answers, and one live connection. Split from hub.ts, which holds the hub's behaviour.
 */
import type { ModuleKey } from "../access/modules.ts";
import type { RoleName } from "../access/roles.ts";

/** Who a connection speaks for: taken from the session when the socket opens. */
export interface HubIdentity {
  sessionId: string;
  userId: number;
  tenantId: number;
  name: string;
  roleLevel: RoleName;
  modules: readonly ModuleKey[];
  /** the session's hard end (automatic logout): the connection closes then */
  absoluteExpiresAt: number;
}

export interface HubSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface HubOptions {
  /** ping every connection this often (spec 2 §9: keep-alive 15 s) */
  keepAliveMs: number;
  /** close a connection silent this long (spec 2 §9: server timeout 30 s) */
  clientTimeoutMs: number;
  /** a socket must complete the handshake within this */
  handshakeTimeoutMs: number;
  /** a negotiated connection id must be used within this */
  negotiateTtlMs: number;
  /** largest record accepted from a client */
  maxMessageChars: number;
  /** largest WebSocket frame accepted, checked before it is decoded or parsed (issue 35: 1 MB) */
  maxFrameBytes: number;
  /** messages a client may send at once, and per second after that (a token bucket per connection) */
  messageBurst: number;
  messagesPerSecond: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTtlMs: 60_000,
  maxMessageChars: 64 * 1024,
  maxFrameBytes: 1024 * 1024,
  // a plant screen sends a handful of registrations and a ping every 15 s
  messageBurst: 50,
  messagesPerSecond: 20,
};

export interface NegotiateResponse {
  negotiateVersion: number;
  connectionId: string;
  connectionToken?: string;
  availableTransports: { transport: string; transferFormats: string[] }[];
}

export interface OnlineUser {
  userId: number;
  name: string;
  connections: number;
  /** ISO time of the user's oldest open connection */
  since: string;
}

/** A refusal answered to the invoking client as the completion's error. */
export class HubError extends Error {}

export class Connection {
  readonly groups = new Set<string>();
  readonly openedAt = Date.now();
  lastSeen = Date.now();
  handshaken = false;
  closed = false;
  buffer = "";
  /** messages the client may still send now (limits.ts takeMessage), as of `bucketAt` */
  bucket = 0;
  bucketAt = Date.now();

  constructor(readonly id: string, public who: HubIdentity, readonly socket: HubSocket) {}

  send(text: string) {
    if (this.closed) return;
    try {
      this.socket.send(text);
    } catch {
      // the socket is going away; its close event cleans up
    }
  }
}
