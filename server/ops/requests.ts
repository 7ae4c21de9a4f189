/**
 * Every request, seen from outside the app (issue 40 item 2): its id (a sane incoming X-Request-Id, else
 * a new one) on the answer as X-Request-Id, a route span, and one log line when its answer has gone out:
 * time, request id, tenant id, user id, route name, status, duration and bytes. Wraps the app's fetch,
 * so kept pages (served before any middleware) are seen too; `noteRequest` (a middleware) adds who asked
 * and which route answered. The in-flight count is what a graceful shutdown waits on (shutdown.ts).
 */
import { createMiddleware } from "hono/factory";
import type { Span } from "@opentelemetry/api";
import { log, logs } from "./log.ts";
import { inSpan } from "./telemetry.ts";
import type { AppEnv } from "../env.ts";

interface RequestRecord {
  id: string;
  route: string;
  tenantId: number | null;
  userId: number | null;
  span: Span;
}

const records = new WeakMap<Request, RequestRecord>();
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

let inFlight = 0;
/** Requests whose answers have not finished (body included). */
export function requestsInFlight(): number {
  return inFlight;
}

/** Names the route of a request answered outside the router (a kept page). */
export function nameRoute(request: Request, route: string) {
  const record = records.get(request);
  if (record) record.route = route;
}

/** The id of a request under way (for an error's log line). */
export function requestIdOf(request: Request): string | undefined {
  return records.get(request)?.id;
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** The app's fetch with ids, a span and a log line per request. */
export function observed<F extends Fetch>(handle: F): F {
  return (async (request: Request, ...rest: never[]) => {
    const started = performance.now();
    const incoming = request.headers.get("x-request-id");
    const id = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    inFlight++;
    let response: Response;
    let record: RequestRecord | undefined;
    try {
      response = await inSpan(
        `${request.method} request`,
        { "http.request.method": request.method },
        (span) => {
          record = { id, route: "", tenantId: null, userId: null, span };
          records.set(request, record);
          return Promise.resolve(handle(request, ...rest));
        },
      );
    } catch (error) {
      inFlight--;
      throw error;
    }
    const done = (bytes: number | null) => {
      inFlight--;
      if (!logs("info") && response.status < 500) return;
      log(response.status >= 500 ? "error" : "info", "request", {
        requestId: id,
        method: request.method,
        route: record?.route || "(unmatched)",
        tenantId: record?.tenantId ?? null,
        userId: record?.userId ?? null,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        bytes,
      });
    };
    // a WebSocket upgrade's answer is Deno's own: left untouched (its connection logs itself)
    if (response.status === 101) {
      done(0);
      return response;
    }
    response = withHeader(response, id);
    const length = response.headers.get("content-length");
    if (!response.body || length !== null) {
      done(response.body ? Number(length) : 0);
      return response;
    }
    if (WHOLE.test(response.headers.get("content-type") ?? "")) return await whole(response, done);
    return countedBody(response, done);
  }) as F;
}

/** Notes who asked and which route answered (runs first among the middleware; reads after the rest). */
export const noteRequest = createMiddleware<AppEnv>(
  async (c, next) => {
    await next();
    const record = records.get(c.req.raw);
    if (!record) return;
    record.route = c.req.routePath;
    const caller = c.get("caller");
    record.tenantId = caller?.tenant.id ?? null;
    record.userId = caller?.user.id ?? null;
    record.span.updateName(`${c.req.method} ${record.route}`);
    record.span.setAttribute("http.route", record.route);
  },
);

function withHeader(response: Response, id: string): Response {
  try {
    response.headers.set("X-Request-Id", id);
    return response;
  } catch {
    // an answer with immutable headers (a fetched or redirect Response): copied
    const copy = new Response(response.body, response);
    copy.headers.set("X-Request-Id", id);
    return copy;
  }
}

/**
 * JSON answers are made whole (a string or bytes) and were sent with their length before the log: they are
 * read whole, measured and sent so again (a counting stream would turn them into chunked framing). Every
 * other answer of unknown length may be a stream on purpose (pages streamed as they render, CSV exports,
 * NDJSON progress, server-sent events) and is counted as it passes.
 */
const WHOLE = /^application\/(json|problem\+json)/;

/** A whole answer measured and sent with its Content-Length. */
async function whole(response: Response, done: (bytes: number | null) => void): Promise<Response> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    done(null);
    throw error;
  }
  done(body.byteLength);
  const headers = new Headers(response.headers);
  headers.set("content-length", String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Passes the body through, counting its bytes; `done` runs when it ends or is cancelled. */
function countedBody(response: Response, done: (bytes: number | null) => void): Response {
  let bytes = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done(bytes);
  };
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush: finish,
    cancel: finish,
  });
  const body = response.body!.pipeThrough(counter);
  return new Response(body, response);
}
