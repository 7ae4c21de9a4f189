import { type Client, createClient } from "@libsql/client";
import { EmbeddedClient } from "./embeddedClient.ts";
import { traced } from "./tracing.ts";
import { retryingBusyBegin } from "./remoteClient.ts";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as controlSchema from "./control/schema.ts";
import * as tenantSchema from "./tenant/schema.ts";
import { installRowMapping } from "./rowMapping.ts";
import { withMigrationLock } from "./migrationLock.ts";
import { eachBounded, isUpToDate } from "./migrationState.ts";

installRowMapping();

export type ControlDb = LibSQLDatabase<typeof controlSchema>;
export type TenantDb = LibSQLDatabase<typeof tenantSchema>;

export interface DatabaseOptions {
  /** folder for embedded database files (control.db, tenants/<id>.db) */
  dataDir: string;
  /** libSQL server URL of the control database; empty = embedded file */
  databaseUrl?: string;
  authToken?: string;
  /** libSQL server URL of a tenant database, `{tenant}` replaced by the id */
  tenantUrlTemplate?: string;
  /**
   * The error a request to a tenant whose migration failed gets (the app answers 503 in words); the
   * tenant stays on its old version and the others work.
   */
  notReadyError?: (tenantId: number) => Error;
  /** Progress of the migrations at start, one event a step (the app's structured log; default: none). */
  log?: (event: string, fields: Record<string, unknown>) => void;
}

/** A tenant database whose migration failed at open: what /readyz names. */
export interface TenantNotReady {
  tenantId: number;
  reason: string;
  at: string;
}

const migrationsOf = (kind: "control" | "tenant") => `${import.meta.dirname}/${kind}/migrations`;
/** Tenant databases checked at once at start: each a file (or a round trip to the server) of its own. */
const START_CHECKS_AT_ONCE = 8;

/**
 * The only place that opens databases. The control database is opened once; tenant databases are opened
 * on first use, migrated, and cached. Requests reach a tenant database only through `tenantDb(id)`, which
 * the auth middleware calls with the session's tenant, so one tenant can never address another's data.
 */
export class Databases {
  readonly control: ControlDb;
  readonly #controlClient: Client;
  readonly #tenants = new Map<number, Promise<{ client: Client; db: TenantDb }>>();
  readonly #notReady = new Map<number, TenantNotReady>();
  #controlQueries = 0;

  private constructor(readonly options: DatabaseOptions, client: Client) {
    this.#controlClient = client;
    const logger = { logQuery: () => void this.#controlQueries++ };
    this.control = drizzle(client, { schema: controlSchema, logger });
  }

  /** Statements run on the control database so far: what a signed-in request costs is measured by it. */
  get controlQueries(): number {
    return this.#controlQueries;
  }

  static async open(options: DatabaseOptions): Promise<Databases> {
    const url = options.databaseUrl || fileUrl(options.dataDir, "control.db");
    if (!options.databaseUrl) await Deno.mkdir(`${options.dataDir}/tenants`, { recursive: true });
    const client = await openClient(url, options.authToken);
    // a restart with nothing new takes no lock and runs no migrate(): one read
    if (await isUpToDate(direct(client), migrationsOf("control"))) {
      options.log?.("migration.control", { applied: 0 });
      return new Databases(options, client);
    }
    await withMigrationLock(client, async (lock) => {
      const before = await appliedMigrations(client);
      await migrate(drizzle(client), { migrationsFolder: migrationsOf("control") });
      options.log?.("migration.control", {
        holder: lock.holder,
        applied: (await appliedMigrations(client)) - before,
      });
    });
    return new Databases(options, client);
  }

  /** The tenant's operational database, migrated on first open. */
  tenantDb(tenantId: number): Promise<TenantDb> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
    const failed = this.#notReady.get(tenantId);
    if (failed) return Promise.reject(this.#notReadyError(tenantId));
    let entry = this.#tenants.get(tenantId);
    if (!entry) {
      entry = this.#openTenant(tenantId);
      this.#tenants.set(tenantId, entry);
      entry.catch(() => this.#tenants.delete(tenantId));
    }
    return entry.then((e) => e.db);
  }

  /** The file of an embedded tenant database; null over a libSQL server. */
  tenantFile(tenantId: number): string | null {
    return this.options.tenantUrlTemplate
      ? null
      : `${this.options.dataDir.replace(/\/$/, "")}/tenants/${tenantId}.db`;
  }

  /** The file of the embedded control database; null over a libSQL server. */
  controlFile(): string | null {
    return this.options.databaseUrl ? null : `${this.options.dataDir.replace(/\/$/, "")}/control.db`;
  }

  /** Tenants whose migration failed: they answer 503 until the next start (or `retryTenant`). */
  tenantsNotReady(): TenantNotReady[] {
    return [...this.#notReady.values()];
  }

  /** Closes a tenant's database (its file is about to be replaced or removed); the next use opens it again. */
  async forgetTenant(tenantId: number): Promise<void> {
    const entry = this.#tenants.get(tenantId);
    this.#tenants.delete(tenantId);
    this.#notReady.delete(tenantId);
    (await entry?.catch(() => null))?.client.close();
  }

  #notReadyError(tenantId: number): Error {
    return this.options.notReadyError?.(tenantId) ??
      new Error(`The organisation's database ${tenantId} could not be upgraded`);
  }

  #tenantUrl(tenantId: number): string {
    const { dataDir, tenantUrlTemplate } = this.options;
    return tenantUrlTemplate
      ? tenantUrlTemplate.replaceAll("{tenant}", String(tenantId))
      : fileUrl(`${dataDir}/tenants`, `${tenantId}.db`);
  }

  async #openTenant(tenantId: number) {
    const client = await openClient(this.#tenantUrl(tenantId), this.options.authToken);
    const db = drizzle(client, { schema: tenantSchema });
    try {
      if (await isUpToDate(direct(client), migrationsOf("tenant"))) return { client, db };
      const before = await appliedMigrations(client);
      // one transaction (libSQL's migrate): a failure leaves the database on its old version
      await migrate(db, { migrationsFolder: migrationsOf("tenant") });
      const applied = (await appliedMigrations(client)) - before;
      if (applied) this.options.log?.("migration.applied", { tenantId, applied });
    } catch (error) {
      client.close();
      const reason = error instanceof Error ? error.message : String(error);
      this.#notReady.set(tenantId, { tenantId, reason, at: new Date().toISOString() });
      if (this.options.log) this.options.log("migration.tenantFailed", { tenantId, reason });
      else console.error(`migrations: tenant ${tenantId} failed and stays on its old version: ${reason}`);
      throw this.#notReadyError(tenantId);
    }
    return { client, db };
  }

  /**
   * Checks every listed tenant database at start, a few at once, each with one read, and keeps it open;
   * only those behind are migrated, one by one under the migration lock: two instances starting together
   * migrate once. A tenant that fails is logged and left out; the rest go on.
   */
  async migrateTenants(tenantIds: number[]): Promise<void> {
    const log = this.options.log ?? (() => {});
    const behind: number[] = [];
    await eachBounded(tenantIds, START_CHECKS_AT_ONCE, async (id) => {
      if (this.#tenants.has(id) || this.#notReady.has(id)) return;
      if (!(await this.#openIfUpToDate(id))) behind.push(id);
    });
    log("migration.checked", { tenants: tenantIds.length, behind: behind.length });
    if (!behind.length) return;
    await withMigrationLock(this.#controlClient, async (lock) => {
      let done = 0;
      for (const id of behind) {
        const started = performance.now();
        const ok = await this.tenantDb(id).then(() => true, () => false);
        done++;
        const ms = Math.round(performance.now() - started);
        if (ok) log("migration.tenant", { holder: lock.holder, tenantId: id, done, of: behind.length, ms });
        if (done % 10 === 0) await lock.renew();
      }
    });
  }

  /** Opens and keeps a tenant database that has every migration; false (and closed) when it is behind. */
  async #openIfUpToDate(tenantId: number): Promise<boolean> {
    const client = await openClient(this.#tenantUrl(tenantId), this.options.authToken);
    if (!(await isUpToDate(direct(client), migrationsOf("tenant")).catch(() => false))) {
      client.close();
      return false;
    }
    if (this.#tenants.has(tenantId)) client.close(); // a request opened it meanwhile
    else {this.#tenants.set(
        tenantId,
        Promise.resolve({ client, db: drizzle(client, { schema: tenantSchema }) }),
      );}
    return true;
  }

  async close(): Promise<void> {
    for (const entry of this.#tenants.values()) (await entry.catch(() => null))?.client.close();
    this.#tenants.clear();
    this.#controlClient.close();
  }
}

/** How many migrations the database has taken (0 before its first). */
async function appliedMigrations(client: Client): Promise<number> {
  try {
    const { rows } = await client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

function fileUrl(dir: string, name: string) {
  return `file:${dir.replace(/\/$/, "")}/${name}`;
}

/**
 * The connection a one-off statement at open should take: an embedded file's own @libsql/client one, so
 * a tenant that is only checked at start does not also open (and parse the schema on) a reader connection.
 */
const direct = (client: Client): Client => client instanceof EmbeddedClient ? client.inner : client;

const BUSY_TIMEOUT_MS = 5000;

async function openClient(url: string, authToken?: string): Promise<Client> {
  // timeout sets the busy timeout on every pooled connection (a PRAGMA would reach only one)
  const client = createClient({ url, authToken: authToken || undefined, timeout: BUSY_TIMEOUT_MS });
  // a span per statement when OpenTelemetry is on (db/tracing.ts), named by the file or the server's host
  const name = url.startsWith("file:") ? url.slice(url.lastIndexOf("/") + 1) : new URL(url).host;
  // a libSQL server: a busy write transaction is retried at its start, as an embedded one is
  if (!url.startsWith("file:")) return traced(retryingBusyBegin(client, BUSY_TIMEOUT_MS), name);
  // WAL persists in the file, so setting it once on any connection is enough
  await client.execute("PRAGMA journal_mode = WAL");
  return traced(new EmbeddedClient(client, url.slice("file:".length), BUSY_TIMEOUT_MS), name);
}
