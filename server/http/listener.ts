/**
 * The public listener (issue 35 item 9). Deno.serve has no header-read timeout and no per-client limit:
 * a client sending its request headers a byte a second holds a socket and a file descriptor for as long
 * as it likes. So a guard listens on the public port in front of it:
 *
 * - one client address may hold at most `maxConnectionsPerClient` connections (a new one beyond is
 *   answered 429 and closed);
 * - a new connection must send its first request's headers within `headerTimeoutMs` (else 408, closed),
 *   and each later request on it its headers within as long from their first byte (else it closes);
 * - its bytes are piped both ways to Deno.serve on a loopback port (WebSocket upgrades included;
 *   requestFraming.ts follows the requests).
 *
 * The app still sees the real client: the guard's loopback connection is mapped back, by its local port,
 * to the client's address, which the handler receives as `info.remoteAddr` (getConnInfo, clientIp.ts).
 * With both limits off the app is served by Deno.serve directly, without the extra hop.
 */
import type { Config } from "../config.ts";
import { ApiError } from "./errors.ts";
import { forwardRequests, pipe, readHead } from "./requestFraming.ts";

export interface GuardOptions {
  hostname: string;
  port: number;
  /** 0 = no limit */
  headerTimeoutMs: number;
  /** 0 = no cap */
  maxConnectionsPerClient: number;
  /** a first request's headers larger than this are refused (431) */
  maxHeaderBytes?: number;
  onListen?: (addr: Deno.NetAddr) => void;
}

export interface Listening {
  addr: Deno.NetAddr;
  /** open client connections per address (the guard's count; empty without the guard) */
  connectionsOf(address: string): number;
  shutdown(): Promise<void>;
}

type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

const MAX_HEADER_BYTES = 64 * 1024;
/** at shutdown, how long answers already written by the app may take to pass the guard's pipes */
const PIPE_DRAIN_MS = 1000;
const encoder = new TextEncoder();

/** The server as main.ts starts it, with the limits of the configuration. */
export function serveApp(
  config: Config,
  handler: Handler,
  onListen?: (addr: Deno.NetAddr) => void,
): Listening {
  return listen(handler, {
    hostname: config.HOST,
    port: config.PORT,
    headerTimeoutMs: config.HEADER_TIMEOUT_SECONDS * 1000,
    // behind a reverse proxy every connection comes from the proxy: it limits per client (operations.md)
    maxConnectionsPerClient: config.TRUST_PROXY === "true" ? 0 : config.MAX_CONNECTIONS_PER_CLIENT,
    onListen,
  });
}

export function listen(handler: Handler, options: GuardOptions): Listening {
  if (!options.headerTimeoutMs && !options.maxConnectionsPerClient) {
    const server = Deno.serve({
      hostname: options.hostname,
      port: options.port,
      onListen: (addr) => options.onListen?.(addr),
    }, handler);
    return { addr: server.addr, connectionsOf: () => 0, shutdown: () => server.shutdown() };
  }
  return guarded(handler, options);
}

function guarded(handler: Handler, options: GuardOptions): Listening {
  /** the guard's loopback connections by local port → the client each one carries */
  const clients = new Map<number, Deno.NetAddr>();
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req, info) => {
    const client = clients.get(info.remoteAddr.port);
    return handler(req, client ? { remoteAddr: client, completed: info.completed } : info);
  });
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const perAddress = new Map<string, number>();
  const open = new Set<Deno.Conn>();
  /** the open connections' pipes, ending when the client or the app closes */
  const serving = new Set<Promise<void>>();

  async function serveConnection(conn: Deno.TcpConn) {
    const address = conn.remoteAddr.hostname;
    const count = (perAddress.get(address) ?? 0) + 1;
    if (options.maxConnectionsPerClient && count > options.maxConnectionsPerClient) {
      return await answerAndClose(conn, TOO_MANY_CONNECTIONS);
    }
    perAddress.set(address, count);
    open.add(conn);
    try {
      const maxBytes = options.maxHeaderBytes ?? MAX_HEADER_BYTES;
      const head = await readHead(conn, new Uint8Array(0), options.headerTimeoutMs, maxBytes, true);
      if (head === "timeout") return await answerAndClose(conn, HEADER_TIMEOUT);
      if (head === "tooLarge") return await answerAndClose(conn, HEADER_TOO_LARGE);
      if (head === null) return;
      const upstream = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
      // each piped chunk goes at once (Nagle's delay would hold a response's tail)
      conn.setNoDelay(true);
      upstream.setNoDelay(true);
      const port = upstream.localAddr.port;
      clients.set(port, conn.remoteAddr); // before any byte reaches the app
      try {
        // both directions until either ends (a later request too slow ends it too); then both close
        await Promise.race([
          forwardRequests(conn, upstream, head, options.headerTimeoutMs, maxBytes),
          pipe(upstream, conn),
        ]);
      } finally {
        clients.delete(port);
        closeQuietly(upstream);
      }
    } catch {
      // the client or the app went away: nothing to answer
    } finally {
      closeQuietly(conn);
      open.delete(conn);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left) perAddress.set(address, left);
      else perAddress.delete(address);
    }
  }

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        const served = serveConnection(conn);
        serving.add(served);
        served.finally(() => serving.delete(served));
      }
    } catch {
      // the listener closed (shutdown)
    }
  })();
  const addr = listener.addr as Deno.NetAddr;
  options.onListen?.(addr);

  return {
    addr,
    connectionsOf: (address) => perAddress.get(address) ?? 0,
    async shutdown() {
      closeQuietly(listener);
      await inner.shutdown(); // waits for requests in flight; idle connections close, and their pipes
      // the last answers may still be on their way through a pipe: they finish (briefly) before the rest close
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...serving]),
        new Promise((resolve) => timer = setTimeout(resolve, PIPE_DRAIN_MS)),
      ]);
      clearTimeout(timer);
      for (const conn of open) closeQuietly(conn);
      await accepting;
    },
  };
}

/** A short HTTP answer in the error catalogue's shape, then the connection closes. */
function httpAnswer(status: number, title: string, message: string, extra = ""): Uint8Array {
  const body = JSON.stringify(new ApiError(status as 400, message, { title }).body);
  return encoder.encode(
    `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${encoder.encode(body).length}\r\n${extra}connection: close\r\n\r\n${body}`,
  );
}

const TOO_MANY_CONNECTIONS = httpAnswer(
  429,
  "Too Many Requests",
  "Too many open connections from your address. Close some pages, or try again in a minute.",
  "retry-after: 60\r\n",
);
const HEADER_TIMEOUT = httpAnswer(
  408,
  "Request Timeout",
  "The request took too long to arrive. Try again.",
);
const HEADER_TOO_LARGE = httpAnswer(
  431,
  "Request Header Fields Too Large",
  "The request's headers are too large.",
);

async function answerAndClose(conn: Deno.Conn, answer: Uint8Array) {
  try {
    await conn.write(answer); // a few hundred bytes: the socket's buffer takes them at once
  } catch {
    // the client is gone
  }
  closeQuietly(conn);
}

function closeQuietly(closable: { close(): void }) {
  try {
    closable.close();
  } catch {
    // already closed
  }
}
