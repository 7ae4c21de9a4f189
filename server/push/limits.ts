/**
 * What one client may send the hub (issue 35 item 8): frames are measured before they are decoded or
 * parsed, and messages are counted in a token bucket per connection. Deno.upgradeWebSocket has no frame
 * size option (only idleTimeout), so a frame arrives whole; the hub refuses it before reading it.
 */
import type { Connection, HubOptions } from "./connection.ts";
import { closeFrame, RECORD_SEPARATOR } from "./protocol.ts";

export const FRAME_TOO_LARGE = "The message is too large: the hub accepts at most 1 MB at a time.";
export const TOO_MANY_MESSAGES =
  "Too many messages in a short time: the connection was closed. Reload the page.";

/** WebSocket close codes (RFC 6455 §7.4.1). */
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_POLICY = 1008;

/** A frame's size in bytes (UTF-8 for text, counted without copying it; a long one only past `limit`). */
export function frameBytes(data: unknown, limit = Infinity): number {
  if (typeof data === "string") return utf8Length(data, limit);
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (data instanceof Blob) return data.size;
  return 0;
}

/** UTF-8 bytes of a string; a long one stops counting once past `limit`. */
export function utf8Length(text: string, limit = Infinity): number {
  if (text.length > limit) return text.length; // every UTF-16 unit is at least one byte
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit < 0xdc00 ? (i++, 4) : 3;
  }
  return bytes;
}

/**
 * Takes one message from the connection's bucket: `messageBurst` at once, refilled at
 * `messagesPerSecond`. False when it is empty (the client sends faster than any screen would).
 */
export function takeMessage(conn: Connection, options: HubOptions, now = Date.now()): boolean {
  const refill = ((now - conn.bucketAt) / 1000) * options.messagesPerSecond;
  conn.bucket = Math.min(options.messageBurst, conn.bucket + refill);
  conn.bucketAt = now;
  if (conn.bucket < 1) return false;
  conn.bucket -= 1;
  return true;
}

/**
 * Closes a connection that broke a limit, saying why in the protocol's words: the handshake's error
 * answer before the handshake, a close record ({type: 7, error}) after it; then the socket closes.
 */
export function refuse(conn: Connection, reason: string, code: number) {
  if (conn.closed) return;
  conn.send(
    conn.handshaken ? closeFrame(reason, false) : JSON.stringify({ error: reason }) + RECORD_SEPARATOR,
  );
  try {
    conn.socket.close(code, reason.length > 120 ? reason.slice(0, 120) : reason);
  } catch {
    // already closing
  }
}
