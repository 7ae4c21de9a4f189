/**
 * TEST STAND-IN for a libSQL server (sqld): NOT a database server, never for production.
 *
 * No libSQL server package can be installed on these machines, so the tests that run the app over
 * libSQL's remote protocol (DATABASE_URL, TENANT_DATABASE_URL_TEMPLATE; `deno task test:remote`) talk to
 * this: Hrana over HTTP as @libsql/client 0.18 / @libsql/hrana-client 0.10 send it, JSON encoding —
 *
 * - version probes `GET …/v2`, `GET …/v3` (200) and `GET …/v3-protobuf` (404: the client then speaks
 *   JSON v3, or v2 with `versions: 2`);
 * - `POST …/v2/pipeline`, `POST …/v3/pipeline`: execute, batch (with step conditions), sequence,
 *   describe, store_sql, close_sql, get_autocommit, close; each result ok or error on its own;
 * - `POST …/v3/cursor`: a batch answered as newline-delimited entries (what a v3 client uses for the
 *   batches of an interactive transaction);
 * - streams held by batons (a new baton each answer, the old one refused), so interactive transactions
 *   span requests; a stream idle for 10 s is closed and its transaction rolled back, as sqld does;
 * - one namespace per database, named by the path before the version (`http://host/tenant-7/v3/…`) or
 *   by the host's first label (`http://tenant-7.db.internal/v3/…`, sqld's own way), each a SQLite file
 *   opened with the embedded libsql driver; an optional bearer token.
 *
 * Not a replica set, no WebSocket Hrana, no protobuf, no admin API. Writers do not block the event loop:
 * a busy database is retried asynchronously for up to 5 s (a synchronous busy wait would stall the app
 * that shares this process).
 */
import Database from "libsql";
import {
  type Batch,
  describe,
  execute,
  holds,
  HranaError,
  protoError,
  sqlOf,
  type Stmt,
  type Stream,
  type StreamRequest,
  whenNotBusy,
} from "./hranaStatements.ts";

export interface HranaServerOptions {
  /** The SQLite file of a namespace, or null when there is no such namespace (answered 404). */
  fileOf(namespace: string): string | null;
  /** When set, every pipeline and cursor request must carry `Authorization: Bearer <token>`. */
  authToken?: string;
  /** The newest protocol version offered (default 3). */
  versions?: 2 | 3;
  port?: number;
}

export interface HranaServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Open streams (batons held by clients): what a test checks is back to zero. */
  openStreams(): number;
  /** Requests answered so far (pipeline and cursor): round trips. */
  requests(): number;
  close(): Promise<void>;
}

/** The app's layout under DATA_DIR: `control` is control.db, `tenant-<id>` is tenants/<id>.db. */
export function appNamespaces(dataDir: string): (namespace: string) => string | null {
  const dir = dataDir.replace(/\/$/, "");
  return (namespace) => {
    if (namespace === "control") return `${dir}/control.db`;
    const tenant = /^tenant-(\d+)$/.exec(namespace);
    return tenant ? `${dir}/tenants/${tenant[1]}.db` : null;
  };
}

/** The URLs the app is given for a stand-in at `origin` (the path form of the namespace). */
export function appDatabaseUrls(origin: string) {
  return {
    DATABASE_URL: `${origin}/control/`,
    TENANT_DATABASE_URL_TEMPLATE: `${origin}/tenant-{tenant}/`,
  };
}

const STREAM_IDLE_MS = 10_000;
const ENDS = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;
const MAX_IDLE_CONNECTIONS = 8;

export function startHranaServer(options: HranaServerOptions): HranaServer {
  const version = options.versions ?? 3;
  const streams = new Map<string, Stream>();
  const idle = new Map<string, Database.Database[]>();
  let answered = 0;
  let batonCount = 0;

  const connect = (namespace: string): Database.Database => {
    const kept = idle.get(namespace)?.pop();
    if (kept) return kept;
    const file = options.fileOf(namespace);
    if (!file) {
      throw new HranaError(`Namespace \`${namespace}\` does not exist`, "NAMESPACE_DOESNT_EXIST", 404);
    }
    const conn = new Database(file);
    conn.exec("PRAGMA busy_timeout = 0");
    conn.exec("PRAGMA journal_mode = WAL");
    return conn;
  };
  /**
   * Connections holding a statement SQLite refused as busy: it stays un-reset (no reset in the driver; only
   * its collection finalizes it) and fails every later COMMIT on that connection with "SQL statements in
   * progress", so such a connection is never pooled and is replaced when its transaction ends.
   */
  const spoiled = new WeakSet<Database.Database>();
  const renew = (stream: Stream) => {
    try {
      if (stream.conn.inTransaction) stream.conn.exec("ROLLBACK");
    } catch { /* closed below */ }
    stream.conn.close();
    stream.conn = connect(stream.namespace);
  };
  /**
   * A statement run on the stream. sqld finalizes every statement, so a transaction whose write was
   * refused as busy can still end: here its COMMIT or ROLLBACK is a rollback on a fresh connection (the
   * same outcome: in WAL a write is refused only while taking the write lock, so nothing was written).
   */
  const run = async (stream: Stream, stmt: Stmt) => {
    if (spoiled.has(stream.conn) && ENDS.test(sqlOf(stream, stmt))) {
      renew(stream);
      return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };
    }
    try {
      return await execute(stream, stmt);
    } catch (error) {
      if (/^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? "")) spoiled.add(stream.conn);
      throw error;
    }
  };
  const release = (stream: Stream) => {
    streams.delete(stream.baton);
    const { conn } = stream;
    try {
      if (conn.inTransaction) conn.exec("ROLLBACK");
    } catch { /* the connection is closed below */ }
    const list = idle.get(stream.namespace) ?? [];
    if (!conn.inTransaction && !spoiled.has(conn) && list.length < MAX_IDLE_CONNECTIONS) {
      list.push(conn);
      idle.set(stream.namespace, list);
    } else conn.close();
  };
  const newBaton = () => `${++batonCount}.${crypto.randomUUID()}`;

  const expiry = setInterval(() => {
    const now = Date.now();
    for (const stream of [...streams.values()]) if (now - stream.lastUsed > STREAM_IDLE_MS) release(stream);
  }, 1000);
  Deno.unrefTimer(expiry);

  /** The stream a request continues (by baton) or a new one. */
  const streamFor = (namespace: string, baton: string | undefined): Stream => {
    if (baton === undefined || baton === null) {
      return { namespace, conn: connect(namespace), sqls: new Map(), baton: "", lastUsed: Date.now() };
    }
    const stream = streams.get(baton);
    if (!stream || stream.namespace !== namespace) {
      throw new HranaError("Stream handle not found (expired or closed)", "STREAM_EXPIRED");
    }
    streams.delete(baton);
    return stream;
  };
  /** After a request: the stream kept under a new baton, or released when closed. */
  const keep = (stream: Stream, closed: boolean): string | null => {
    if (closed) {
      release(stream);
      return null;
    }
    if (spoiled.has(stream.conn) && !stream.conn.inTransaction) renew(stream);
    stream.baton = newBaton();
    stream.lastUsed = Date.now();
    streams.set(stream.baton, stream);
    return stream.baton;
  };

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const parts = url.pathname.split("/").filter(Boolean);
    const at = parts.findIndex((p) => /^v\d(-protobuf)?$/.test(p));
    if (at < 0) return req.method === "GET" ? new Response("stand-in") : json({ message: "Not found" }, 404);
    const namespace = parts.slice(0, at).join("/") || hostNamespace(url.hostname);
    const [versionPart, action] = [parts[at], parts.slice(at + 1).join("/")];
    const offered = versionPart === "v2" || (versionPart === "v3" && version >= 3);
    if (req.method === "GET" && !action) {
      return offered ? new Response("") : json({ message: "Not found" }, 404);
    }
    if (!offered || req.method !== "POST") return json({ message: "Not found" }, 404);
    if (options.authToken && req.headers.get("authorization") !== `Bearer ${options.authToken}`) {
      return json({ message: "Unauthorized: the auth token is missing or wrong", code: "AUTH_FAILED" }, 401);
    }
    answered++;
    try {
      const body = await req.json();
      if (action === "pipeline") return json(await pipeline(namespace, body));
      if (action === "cursor" && versionPart === "v3") return await cursor(namespace, body);
      return json({ message: "Not found" }, 404);
    } catch (error) {
      if (error instanceof HranaError) {
        return json({ message: error.message, code: error.code }, error.status);
      }
      return json({ message: String(error) }, 500);
    }
  };

  const pipeline = async (namespace: string, body: { baton?: string; requests: StreamRequest[] }) => {
    const stream = streamFor(namespace, body.baton);
    const results: unknown[] = [];
    let closed = false;
    for (const request of body.requests) {
      if (closed) {
        results.push({ type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } });
        continue;
      }
      try {
        const response = await streamRequest(stream, request);
        if (request.type === "close") closed = true;
        results.push({ type: "ok", response });
      } catch (error) {
        results.push({ type: "error", error: protoError(error) });
      }
    }
    return { baton: keep(stream, closed), base_url: null, results };
  };

  const streamRequest = async (stream: Stream, request: StreamRequest) => {
    switch (request.type) {
      case "close":
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await run(stream, request.stmt) };
      case "batch":
        return { type: "batch", result: await batch(stream, request.batch) };
      case "sequence":
        await whenNotBusy(() => stream.conn.exec(sqlOf(stream, request)));
        return { type: "sequence" };
      case "describe":
        return {
          type: "describe",
          result: describe(stream.conn.prepare(sqlOf(stream, request)), sqlOf(stream, request)),
        };
      case "store_sql":
        stream.sqls.set(request.sql_id as number, request.sql as string);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id as number);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !stream.conn.inTransaction };
      default:
        throw new HranaError(`Unknown request type ${request.type}`, "PROTOCOL_ERROR");
    }
  };

  const batch = async (stream: Stream, { steps }: Batch) => {
    const step_results: unknown[] = [];
    const step_errors: unknown[] = [];
    for (const step of steps) {
      if (step.condition && !holds(step.condition, step_results, step_errors, stream.conn)) {
        step_results.push(null);
        step_errors.push(null);
        continue;
      }
      try {
        step_results.push(await run(stream, step.stmt));
        step_errors.push(null);
      } catch (error) {
        step_results.push(null);
        step_errors.push(protoError(error));
      }
    }
    return { step_results, step_errors };
  };

  /** A batch as a cursor: one JSON line with the baton, then begin, rows and end (or error) per step. */
  const cursor = async (namespace: string, body: { baton?: string; batch: Batch }) => {
    const stream = streamFor(namespace, body.baton);
    const lines: unknown[] = [];
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const [i, step] of body.batch.steps.entries()) {
      if (step.condition && !holds(step.condition, results, errors, stream.conn)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        const result = await run(stream, step.stmt);
        results.push(result);
        errors.push(null);
        lines.push({ type: "step_begin", step: i, cols: result.cols });
        for (const row of result.rows) lines.push({ type: "row", row });
        lines.push({
          type: "step_end",
          affected_row_count: result.affected_row_count,
          last_insert_rowid: result.last_insert_rowid,
        });
      } catch (error) {
        results.push(null);
        errors.push(protoError(error));
        lines.push({ type: "step_error", step: i, error: protoError(error) });
      }
    }
    const head = { baton: keep(stream, false), base_url: null };
    const text = [head, ...lines].map((l) => JSON.stringify(l) + "\n").join("");
    return new Response(text, { headers: { "content-type": "text/plain" } });
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} }, handle);
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    openStreams: () => streams.size,
    requests: () => answered,
    async close() {
      clearInterval(expiry);
      await server.shutdown();
      for (const stream of [...streams.values()]) release(stream);
      for (const list of idle.values()) for (const conn of list) conn.close();
      idle.clear();
    },
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** sqld's own namespace choice: the first label of a host name (`tenant-7.db.internal`), else `default`. */
function hostNamespace(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname === "localhost" || !hostname.includes(".")) return "default";
  return hostname.split(".")[0];
}

/**
 * `deno task test:remote`: the test apps are configured with DATABASE_URL and TENANT_DATABASE_URL_TEMPLATE
 * (the stand-in's), so their tenant databases are remote clients: no data_version, so no kept reads or pages.
 */
export const databasesOverServer = (): boolean => Deno.env.get("TEST_DATABASE") === "remote";

/**
 * With `TEST_DATABASE=remote` (`deno task test:remote`): a stand-in over a test app's DATA_DIR and the
 * URLs that make the app reach its databases through it. Null otherwise, or when the test set URLs itself.
 */
export function remoteDatabasesFor(dataDir: string, env: Record<string, string>) {
  if (!databasesOverServer() || env.DATABASE_URL) return null;
  const token = "stand-in-token";
  const server = startHranaServer({ fileOf: appNamespaces(dataDir), authToken: token });
  return {
    server,
    env: { ...appDatabaseUrls(server.origin), DATABASE_AUTH_TOKEN: token },
    close: () => server.close(),
  };
}
