/**
 * Just enough HTTP/1.1 request framing for the slow-client guard (listener.ts) to time the headers of
 * every request on a kept-alive connection, not only the first: a request's head must be complete within
 * the timeout from its first byte, then its Content-Length body passes through untimed. An upgrade
 * (WebSocket) or a chunked body ends the framing: the rest of the connection is piped as it comes.
 */

export type HeadRead =
  /** `bytes` holds the head up to `end` and whatever followed it */
  | { bytes: Uint8Array; end: number }
  | "timeout"
  | "tooLarge"
  | null;

/**
 * Reads until a request head is complete (a blank line). `pending` holds bytes already read. The clock
 * starts now when `startNow`, else at the head's first byte (an idle kept-alive connection waits freely).
 */
export async function readHead(
  conn: Deno.Conn,
  pending: Uint8Array,
  timeoutMs: number,
  maxBytes: number,
  startNow: boolean,
): Promise<HeadRead> {
  let bytes = pending;
  let deadline = timeoutMs && (startNow || bytes.length) ? Date.now() + timeoutMs : Infinity;
  const chunk = new Uint8Array(16 * 1024);
  let from = 0;
  while (true) {
    const end = headEnd(bytes, from);
    if (end >= 0) return { bytes, end };
    if (bytes.length > maxBytes) return "tooLarge";
    from = Math.max(0, bytes.length - 3);
    const left = deadline - Date.now();
    if (left <= 0) return "timeout";
    const reading = conn.read(chunk);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const n = left === Infinity ? await reading : await Promise.race([
      reading,
      new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left))),
    ]);
    clearTimeout(timer);
    if (n === "timeout") {
      reading.catch(() => {}); // the close that follows ends this read
      return "timeout";
    }
    if (n === null) return null;
    if (deadline === Infinity && timeoutMs) deadline = Date.now() + timeoutMs;
    bytes = concat(bytes, chunk.subarray(0, n));
  }
}

/**
 * Forwards the client's requests to the app one by one, timing each head (the first is already read
 * and timed by the caller: `first`). Returns when the client is done, a head is too slow or too large
 * (the caller closes), or after piping the rest of an upgraded or chunked connection.
 */
export async function forwardRequests(
  client: Deno.Conn,
  upstream: Deno.Conn,
  first: { bytes: Uint8Array; end: number },
  timeoutMs: number,
  maxBytes: number,
) {
  let read: HeadRead = first;
  while (read !== null && typeof read === "object") {
    const { bytes, end } = read;
    const framing = bodyOf(bytes.subarray(0, end));
    if (framing === "raw") {
      await writeAll(upstream, bytes);
      return await pipe(client, upstream);
    }
    let rest = bytes.subarray(end);
    await writeAll(upstream, bytes.subarray(0, end + Math.min(framing, rest.length)));
    let remaining = framing - Math.min(framing, rest.length);
    rest = rest.subarray(Math.min(framing, rest.length));
    const chunk = new Uint8Array(16 * 1024);
    while (remaining > 0) {
      const n = await client.read(chunk);
      if (n === null) return;
      const body = Math.min(n, remaining);
      await writeAll(upstream, chunk.subarray(0, body));
      remaining -= body;
      rest = chunk.slice(body, n);
    }
    read = await readHead(client, rest, timeoutMs, maxBytes, false);
  }
}

/** The body that follows a head: its Content-Length, or "raw" (upgrade, chunked, unclear: pipe it all). */
function bodyOf(head: Uint8Array): number | "raw" {
  const lines = new TextDecoder("latin1").decode(head).split(/\r?\n/);
  let length = 0;
  let lengths = 0;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "upgrade" || name === "transfer-encoding") return "raw";
    if (name === "content-length") {
      if (!/^\d{1,15}$/.test(value)) return "raw"; // the app answers what it makes of it
      length = Number(value);
      lengths++;
    }
  }
  return lengths > 1 ? "raw" : length;
}

/** Index just past the first blank line (CRLF CRLF, or LF LF as parsers also accept) from `from`, or -1. */
export function headEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 10) continue;
    if (bytes[i + 1] === 10) return i + 2;
    if (bytes[i + 1] === 13 && bytes[i + 2] === 10) return i + 3;
  }
  return -1;
}

/** Copies until the end or an error (plain reads and writes: cheaper per connection than streams). */
export async function pipe(from: Deno.Conn, to: Deno.Conn) {
  const buffer = new Uint8Array(16 * 1024); // per direction and connection: 500 sockets hold 16 MB
  try {
    for (let n = await from.read(buffer); n !== null; n = await from.read(buffer)) {
      await writeAll(to, buffer.subarray(0, n));
    }
  } catch {
    // either side went away
  }
}

export async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
