/**
 * A fingerprint of every row of every database (control + each tenant), to prove that a batch of requests
 * changed nothing: take `snapshot()` before and after, then `diffSnapshots()` names each row that changed.
 *
 * Left out, because they change as a side effect of authenticating rather than of an endpoint's work:
 * - control `sessions`: sign-in, token refresh and impersonation create and end rows, and every cookie
 *   request past half the token's life slides `expires_at`. With `includeSessions` the rows are kept but
 *   `expires_at` is dropped, so a test can still see a session appear or end (e.g. a refused impersonation).
 * - control `super_audit`: a valid super read (a tenant's data download) records who read it, as a
 *   sign-in records a session; refused calls write no audit row, and what an action changes shows itself.
 * - control `producer_link_reads`: the same for a producer's valid read through a processor link (issue 44).
 * - `__drizzle_migrations` (migration bookkeeping) and SQLite's own `sqlite_*` tables (`sqlite_sequence`
 *   only mirrors inserts, which the rows themselves show).
 * - with `builtOnRead`: what a read may build (spec 1 §7 "get or build the agenda for a date"): a day's kill
 *   agenda, its items and the lot references it numbers on mobs and orders; the planner's carcass groups
 *   kept for a day (planning_group_cache, a cache the kill floor and agenda events drop); a farm's own
 *   link code, made the first time it is asked for (control producer_codes). Nothing else.
 */
import { createHash } from "node:crypto";
import type { Client, InValue } from "@libsql/client";
import type { AppServices } from "../../server/env.ts";

export interface SnapshotOptions {
  /** keep control `sessions` rows (without the sliding `expires_at`) */
  includeSessions?: boolean;
  /** leave out what a valid read may build (the kill agenda of a day: see above) */
  builtOnRead?: boolean;
}

const BUILT_ON_READ_TABLES = ["kill_agendas", "kill_agenda_items", "planning_group_cache"];
const BUILT_ON_READ_CONTROL = ["producer_codes"];
const BUILT_ON_READ_COLUMNS: Record<string, string[]> = {
  livestock_orders: ["agenda_lot_reference"],
  stock_mobs: ["agenda_lot_reference", "agenda_lot_reference_suffix"],
};

/** Columns dropped per `db/table` because reads change them. */
const VOLATILE_COLUMNS: Record<string, string[]> = { "control/sessions": ["expires_at"] };

/** key `db/table/rowid` (db = `control` or `tenant<id>`) → SHA-1 of the row's values. */
export async function snapshot(
  services: AppServices,
  options: SnapshotOptions = {},
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const control = clientOf(services.db.control);
  await hashDatabase(
    out,
    "control",
    control,
    [
      ...(options.includeSessions ? [] : ["sessions"]),
      "super_audit",
      "producer_link_reads",
      ...(options.builtOnRead ? BUILT_ON_READ_CONTROL : []),
    ],
  );
  const tenants = await control.execute("SELECT id FROM tenants ORDER BY id");
  for (const row of tenants.rows) {
    const id = Number(row.id);
    const built = options.builtOnRead ?? false;
    await hashDatabase(
      out,
      `tenant${id}`,
      clientOf(await services.db.tenantDb(id)),
      built ? BUILT_ON_READ_TABLES : [],
      built ? BUILT_ON_READ_COLUMNS : {},
    );
  }
  return out;
}

/** One line per row that changed, appeared or disappeared between two snapshots (sorted). */
export function diffSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [key, hash] of before) {
    const now = after.get(key);
    if (now === undefined) lines.push(`removed ${key}`);
    else if (now !== hash) lines.push(`changed ${key}`);
  }
  for (const key of after.keys()) if (!before.has(key)) lines.push(`added ${key}`);
  return lines.sort();
}

// drizzle's libSQL database keeps its client as `$client`
const clientOf = (db: unknown): Client => (db as { $client: Client }).$client;

async function hashDatabase(
  out: Map<string, string>,
  name: string,
  client: Client,
  skip: string[],
  dropColumns: Record<string, string[]> = {},
) {
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__drizzle_migrations' ORDER BY name",
  );
  for (const { name: table } of tables.rows) {
    if (skip.includes(String(table))) continue;
    const drop = [...(VOLATILE_COLUMNS[`${name}/${table}`] ?? []), ...(dropColumns[String(table)] ?? [])];
    // one query per table; rowid names the row even when the primary key is composite
    const rs = await client.execute(
      `SELECT rowid AS "__rowid", * FROM "${String(table).replaceAll('"', '""')}"`,
    );
    const keep = rs.columns.map((c, i) => (c !== "__rowid" && !drop.includes(c) ? i : -1)).filter((i) =>
      i >= 0
    );
    for (const row of rs.rows) {
      const values = keep.map((i) => canonical(row[i]));
      out.set(`${name}/${table}/${row[0]}`, createHash("sha1").update(JSON.stringify(values)).digest("hex"));
    }
  }
}

function canonical(v: InValue | undefined): unknown {
  if (v instanceof ArrayBuffer) {
    return `blob:${new Uint8Array(v).join(",")}`;
  }
  if (typeof v === "bigint") return `${v}n`;
  return v ?? null;
}
