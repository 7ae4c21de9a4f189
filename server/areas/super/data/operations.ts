/**
 * A tenant's data out (a zip of CSVs, one a table) and in (CSV or JSON rows into one table). Super only.
 *
 * The one declared exception to "only a table's owner writes it" (issue 37): this is the super user's
 * copy and repair tool over a tenant's whole database, table by table, below every area's rules; an
 * area's function per table would defeat its purpose. It writes in the tenant's unit of work (all rows
 * or none) and never the audit trail (NOT_UPLOADABLE); each upload is in the super audit.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import { memberships, tenantSites, users } from "../../../../db/control/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { ApiError } from "../../../http/errors.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { csvRows, toCsv } from "../../csv.ts";
import { recordSuperAction } from "../writes.ts";
import { findTenant, tenantContext } from "../tenantContext.ts";
import { zipStream } from "./zipStream.ts";
import { cell, fromCsv, fromJson, plainReason, tenantTable } from "./cells.ts";
import { UPLOAD_MAX_ROWS, type UploadBody } from "./schemas.ts";

/** Tables no upload may write: the audit trail is the app's own record of who did what. */
const NOT_UPLOADABLE = new Set(["audit_log"]);
const STAMPS = new Set(["created_at", "last_modified"]);

/** Rows a page of a table's CSV holds: the download reads one page at a time, as the reader takes them. */
const CSV_PAGE_ROWS = 2_000;

/** A table as CSV text in pages, in rowid order (every table here has a rowid). */
async function* tableCsv(db: TenantDb, table: string, columns: string[]) {
  yield toCsv(columns, []);
  let after = 0;
  for (;;) {
    const rows = await db.all<Record<string, unknown>>(
      sql`SELECT rowid AS "__rowid", * FROM ${sql.identifier(table)} WHERE rowid > ${after}
        ORDER BY rowid LIMIT ${CSV_PAGE_ROWS}`,
    );
    if (!rows.length) return;
    after = Number(rows.at(-1)!.__rowid);
    yield csvRows(rows.map((r) => columns.map((c) => r[c])));
    if (rows.length < CSV_PAGE_ROWS) return;
  }
}

/** A table as a JSON list of rows (objects by column name) in pages, in rowid order. */
async function* tableJson(db: TenantDb, table: string, columns: string[]) {
  yield "[";
  let after = 0;
  let first = true;
  for (;;) {
    const rows = await db.all<Record<string, unknown>>(
      sql`SELECT rowid AS "__rowid", * FROM ${sql.identifier(table)} WHERE rowid > ${after}
        ORDER BY rowid LIMIT ${CSV_PAGE_ROWS}`,
    );
    if (rows.length) after = Number(rows.at(-1)!.__rowid);
    const text = rows.map((r) =>
      JSON.stringify(Object.fromEntries(columns.map((c) => [c, r[c]])), jsonValue)
    );
    if (text.length) yield (first ? "\n" : ",\n") + text.join(",\n");
    first &&= !text.length;
    if (rows.length < CSV_PAGE_ROWS) break;
  }
  yield "\n]\n";
}

const jsonValue = (_: string, value: unknown) =>
  typeof value === "bigint"
    ? value.toString()
    : value instanceof Uint8Array
    ? btoa(String.fromCharCode(...value))
    : value;

/** The tables of a tenant's database with their columns (what download writes and upload accepts). */
export async function tenantTables(ctx: AreaContext, tenantId: number) {
  await findTenant(ctx, tenantId);
  const db = await ctx.app.db.tenantDb(tenantId);
  const names = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`);
  return Promise.all(names.map(async ({ name }) => ({
    name,
    columns: (await db.all<{ name: string }>(sql.raw(`PRAGMA table_info("${name}")`))).map((c) => c.name),
    uploadable: !NOT_UPLOADABLE.has(name),
  })));
}

/**
 * Every table of the tenant's database as `<table>.csv` and `<table>.json`, plus its users and sites from the control
 * database (never a password hash), zipped. Audited.
 */
export async function downloadTenantData(
  ctx: AreaContext,
  tenantId: number,
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const tenant = await findTenant(ctx, tenantId);
  const db = await ctx.app.db.tenantDb(tenantId);
  const tables = await tenantTables(ctx, tenantId);
  const control = ctx.app.db.control;
  const people = await control.select({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phone: users.phone,
    roleLevel: memberships.roleLevel,
    isDisabled: users.isDisabled,
  }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId)).orderBy(users.id);
  const sites = await control.select().from(tenantSites).where(eq(tenantSites.tenantId, tenantId));
  await recordSuperAction(ctx, {
    tenantId,
    action: "DownloadTenantData",
    detail: { files: tables.length * 2 + 2 },
  });
  const safe = tenant.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || `tenant-${tenantId}`;
  const one = (text: string) =>
    async function* () {
      yield text;
    };
  return {
    fileName: `${safe}-data.zip`,
    body: zipStream(async function* () {
      for (const table of tables) {
        yield { name: `${table.name}.csv`, parts: () => tableCsv(db, table.name, table.columns) };
        // the same rows as JSON (issue 40 §4): types kept (numbers, nulls), for a machine to read back
        yield { name: `${table.name}.json`, parts: () => tableJson(db, table.name, table.columns) };
      }
      yield {
        name: "organisation_users.csv",
        parts: one(toCsv(Object.keys(people[0] ?? { id: 0 }), people.map((p) => Object.values(p)))),
      };
      yield {
        name: "organisation_sites.csv",
        parts: one(toCsv(["id", "name", "isActive"], sites.map((s) => [s.id, s.name, s.isActive]))),
      };
    }),
  };
}

/**
 * Rows into one table of a tenant's database, all or none (one unit of work): CSV with a header row of
 * column names, or a JSON array of objects. Unknown columns, too many rows and rows the database refuses
 * (a missing value, a clash) are answered in words with the row number. Audited.
 */
export async function uploadTenantData(ctx: AreaContext, input: In<typeof UploadBody>) {
  const there = await tenantContext(ctx, input.tenantId);
  const table = (await tenantTables(ctx, input.tenantId)).find((t) => t.name === input.table);
  if (!table || !table.uploadable) {
    throw ApiError.validation([{ field: "table", message: "That table cannot take uploads." }]);
  }
  const rows = input.format === "csv" ? fromCsv(input.content) : fromJson(input.content);
  if (!rows.length) throw ApiError.validation([{ field: "content", message: "The file has no rows." }]);
  if (rows.length > UPLOAD_MAX_ROWS) {
    throw ApiError.validation([{ field: "content", message: `At most ${UPLOAD_MAX_ROWS} rows at once.` }]);
  }
  const unknown = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => !table.columns.includes(c));
  if (unknown.length) {
    throw ApiError.validation([{
      field: "content",
      message: `${input.table} has no column ${unknown.slice(0, 5).join(", ")}. Its columns: ${
        table.columns.join(", ")
      }.`,
    }]);
  }
  const target = tenantTable(input.table);
  if (!target) throw ApiError.validation([{ field: "table", message: "That table cannot take uploads." }]);
  const columns = Object.entries(getTableColumns(target));
  const now = new Date().toISOString();
  let at = 0;
  try {
    await there.write(async (tx) => {
      for (const [i, row] of rows.entries()) {
        at = i + 1;
        // by the model's columns, so the app's own defaults (created, last modified) are filled in
        const values: Record<string, unknown> = {};
        for (const [key, column] of columns) {
          if (column.name in row) values[key] = cell(row[column.name], column.dataType, at, column.name);
          // the tenant tables' stamps are the areas' to set: an upload stamps its rows now
          else if (STAMPS.has(column.name)) values[key] = now;
        }
        // any table of the model: its values are checked column by column above, not by the type
        await tx.insert(target).values(values as SQLiteInsertValue<SQLiteTable>);
      }
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.validation([{
      field: "content",
      row: at,
      message: `Row ${at} was refused (${plainReason(error)}). Nothing was saved.`,
    }]);
  }
  await recordSuperAction(ctx, {
    tenantId: input.tenantId,
    action: "UploadTenantData",
    detail: { table: input.table, format: input.format, rows: rows.length },
  });
  return { tenantId: input.tenantId, table: input.table, rows: rows.length };
}
