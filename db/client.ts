import { type Client, createClient } from "@libsql/client";
import { EmbeddedClient } from "./embeddedClient.ts";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as controlSchema from "./control/schema.ts";
import * as tenantSchema from "./tenant/schema.ts";
import { installRowMapping } from "./rowMapping.ts";

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
}

const migrationsOf = (kind: "control" | "tenant") => `${import.meta.dirname}/${kind}/migrations`;

/**
 * The only place that opens databases. The control database is opened once; tenant databases are opened
 * on first use, migrated, and cached. Requests reach a tenant database only through `tenantDb(id)`, which
 * the auth middleware calls with the session's tenant, so one tenant can never address another's data.
 */
export class Databases {
  readonly control: ControlDb;
  readonly #controlClient: Client;
  readonly #tenants = new Map<number, Promise<{ client: Client; db: TenantDb }>>();
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
    await migrate(drizzle(client), { migrationsFolder: migrationsOf("control") });
    return new Databases(options, client);
  }

  /** The tenant's operational database, migrated on first open. */
  tenantDb(tenantId: number): Promise<TenantDb> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
    let entry = this.#tenants.get(tenantId);
    if (!entry) {
      entry = this.#openTenant(tenantId);
      this.#tenants.set(tenantId, entry);
      entry.catch(() => this.#tenants.delete(tenantId));
    }
    return entry.then((e) => e.db);
  }

  async #openTenant(tenantId: number) {
    const { dataDir, tenantUrlTemplate, authToken } = this.options;
    const url = tenantUrlTemplate
      ? tenantUrlTemplate.replaceAll("{tenant}", String(tenantId))
      : fileUrl(`${dataDir}/tenants`, `${tenantId}.db`);
    const client = await openClient(url, authToken);
    const db = drizzle(client, { schema: tenantSchema });
    await migrate(db, { migrationsFolder: migrationsOf("tenant") });
    return { client, db };
  }

  /** Opens (and so migrates) every listed tenant database: called at start. */
  async migrateTenants(tenantIds: number[]): Promise<void> {
    for (const id of tenantIds) await this.tenantDb(id);
  }

  async close(): Promise<void> {
    for (const entry of this.#tenants.values()) (await entry.catch(() => null))?.client.close();
    this.#tenants.clear();
    this.#controlClient.close();
  }
}

function fileUrl(dir: string, name: string) {
  return `file:${dir.replace(/\/$/, "")}/${name}`;
}

const BUSY_TIMEOUT_MS = 5000;

async function openClient(url: string, authToken?: string): Promise<Client> {
  // timeout sets the busy timeout on every pooled connection (a PRAGMA would reach only one)
  const client = createClient({ url, authToken: authToken || undefined, timeout: BUSY_TIMEOUT_MS });
  if (!url.startsWith("file:")) return client;
  // WAL persists in the file, so setting it once on any connection is enough
  await client.execute("PRAGMA journal_mode = WAL");
  return new EmbeddedClient(client, url.slice("file:".length), BUSY_TIMEOUT_MS);
}
