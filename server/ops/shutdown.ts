/**
 * Graceful shutdown (issue 40 item 3). On SIGTERM (or Ctrl+C) the instance:
 * 1. says it is not ready (/readyz 503) and answers any new request 503 with "Connection: close";
 * 2. tells every push client to reconnect elsewhere (SignalR close record with `allowReconnect: true`;
 *    @microsoft/signalr's automatic reconnect then finds another instance, or this one after restart);
 * 3. lets the requests under way finish (bodies still arriving included), then stops listening, all
 *    within SHUTDOWN_TIMEOUT_SECONDS;
 * 4. closes the databases (an embedded database checkpoints its WAL on close) and exits 0.
 * A write acknowledged before the signal, or finishing within the limit, is committed before the database
 * closes; nothing is cut off mid-transaction unless it outlives the limit (then it was never acknowledged).
 * A second signal while draining exits at once (1).
 */
import { ApiError } from "../http/errors.ts";
import { flushLog, log } from "./log.ts";
import { requestsInFlight } from "./requests.ts";

let shuttingDown = false;
const DRAIN_POLL_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether this instance is draining (readiness and new requests say so). */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

/** A new request while draining: 503, and the connection is not kept. */
export function refusedWhileDraining(): Response {
  const body = new ApiError(503, "The server is restarting. Try again in a moment.").body;
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { "content-type": "application/json; charset=utf-8", "retry-after": "1", connection: "close" },
  });
}

export interface Drainable {
  server: { shutdown(): Promise<void> };
  services: { push: { hub: { shutdown(): void } }; close(): Promise<void> };
  limitMs: number;
  exit?: (code: number) => void;
}

/** Drains and exits; the steps of the file's comment. Resolves when done (before `exit`). */
export async function drainAndExit(
  { server, services, limitMs, exit = Deno.exit }: Drainable,
): Promise<void> {
  shuttingDown = true;
  const started = performance.now();
  log("info", "shutdown.started", { requestsInFlight: requestsInFlight(), limitMs });
  // open sockets would hold the server's shutdown: they are told to go elsewhere first
  services.push.hub.shutdown();
  // Deno.serve's shutdown cuts off the body of a request still arriving (Deno 2.9: "Cannot read body as
  // underlying resource unavailable"), so the requests under way finish first, new ones being refused
  const deadline = started + limitMs;
  while (requestsInFlight() > 0 && performance.now() < deadline) await sleep(DRAIN_POLL_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    server.shutdown().then(() => requestsInFlight() > 0 ? "limit" as const : "drained" as const),
    new Promise<"limit">((resolve) =>
      timer = setTimeout(() => resolve("limit"), Math.max(0, deadline - performance.now()))
    ),
  ]);
  clearTimeout(timer);
  if (outcome === "limit") log("warn", "shutdown.limitReached", { requestsInFlight: requestsInFlight() });
  await services.close();
  log("info", "shutdown.done", { ms: Math.round(performance.now() - started), outcome });
  flushLog();
  exit(0);
}

/** SIGTERM and SIGINT start a drain; a second one exits at once. */
export function exitGracefullyOnSignals(drainable: Drainable) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      if (shuttingDown) {
        flushLog();
        return (drainable.exit ?? Deno.exit)(1);
      }
      drainAndExit(drainable).catch((error) => {
        log("error", "shutdown.failed", { reason: error instanceof Error ? error.message : String(error) });
        (drainable.exit ?? Deno.exit)(1);
      });
    });
  }
}
