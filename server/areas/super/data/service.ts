import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as tenantSchema from "../../../../db/tenant/schema.ts";
import type { z } from "@hono/zod-openapi";
import { memberships, tenants, tenantSites, users } from "../../../../db/control/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import type { AppServices } from "../../../env.ts";
import type { Caller } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { csvRows, toCsv } from "../../csv.ts";
import { zipStream } from "./zipStream.ts";
import { parseCsv } from "../../killFloor/rules.ts";
import { recordSuperAudit } from "../audit.ts";
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

/** A tenant's data out (a zip of CSVs, one a table) and in (CSV or JSON rows into one table). Super only. */
export class SuperDataService {
  private readonly app: AppServices;
  private readonly caller: Caller;

  constructor(ctx: AreaContext) {
    this.app = ctx.app;
    this.caller = ctx.caller;
  }

  /** The tables of a tenant's database with their columns (what download writes and upload accepts). */
  async tables(tenantId: number) {
    const db = await this.#db(tenantId);
    const names = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`);
    return Promise.all(names.map(async ({ name }) => ({
      name,
      columns: (await db.all<{ name: string }>(sql.raw(`PRAGMA table_info("${name}")`))).map((c) => c.name),
      uploadable: !NOT_UPLOADABLE.has(name),
    })));
  }

  /**
   * Every table of the tenant's database as `<table>.csv`, plus its users and sites from the control
   * database (never a password hash), zipped. Audited.
   */
  async download(tenantId: number): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
    const tenant = await this.#tenant(tenantId);
    const db = await this.app.db.tenantDb(tenantId);
    const tables = await this.tables(tenantId);
    const control = this.app.db.control;
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
    await recordSuperAudit(control, this.caller, {
      tenantId,
      action: "DownloadTenantData",
      detail: { files: tables.length + 2 },
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
   * Rows into one table of a tenant's database, all or none (one transaction): CSV with a header row of
   * column names, or a JSON array of objects. Unknown columns, too many rows and rows the database refuses
   * (a missing value, a clash) are answered in words with the row number. Audited.
   */
  async upload(input: z.infer<typeof UploadBody>) {
    const db = await this.#db(input.tenantId);
    const table = (await this.tables(input.tenantId)).find((t) => t.name === input.table);
    if (!table || !table.uploadable) {
      throw ApiError.validation([{ field: "table", message: "That table cannot take uploads." }]);
    }
    const rows = input.format === "csv" ? fromCsv(input.content) : fromJson(input.content);
    if (!rows.length) throw ApiError.validation([{ field: "content", message: "The file has no rows." }]);
    if (rows.length > UPLOAD_MAX_ROWS) {
      throw ApiError.validation([{ field: "content", message: `At most ${UPLOAD_MAX_ROWS} rows at once.` }]);
    }
    const unknown = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) =>
      !table.columns.includes(c)
    );
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
      await db.transaction(async (tx) => {
        for (const [i, row] of rows.entries()) {
          at = i + 1;
          // by the model's columns, so the app's own defaults (created, last modified) are filled in
          const values: Record<string, unknown> = {};
          for (const [key, column] of columns) {
            if (column.name in row) values[key] = cell(row[column.name], column.dataType, at, column.name);
            // the tenant tables' stamps are the services' to set: an upload stamps its rows now
            else if (STAMPS.has(column.name)) values[key] = now;
          }
          await tx.insert(target).values(values as never);
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
    await recordSuperAudit(this.app.db.control, this.caller, {
      tenantId: input.tenantId,
      action: "UploadTenantData",
      detail: { table: input.table, format: input.format, rows: rows.length },
    });
    return { tenantId: input.tenantId, table: input.table, rows: rows.length };
  }

  async #tenant(id: number) {
    const tenant = await this.app.db.control.query.tenants.findFirst({ where: eq(tenants.id, id) });
    if (!tenant) throw ApiError.notFound("That organisation does not exist.");
    return tenant;
  }

  async #db(tenantId: number): Promise<TenantDb> {
    await this.#tenant(tenantId);
    return this.app.db.tenantDb(tenantId);
  }
}

function fromCsv(text: string): Record<string, string>[] {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  return records.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), cells[i] ?? ""])));
}

function fromJson(text: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.validation([{ field: "content", message: "The file is not valid JSON." }]);
  }
  if (!Array.isArray(parsed) || parsed.some((r) => typeof r !== "object" || r === null || Array.isArray(r))) {
    throw ApiError.validation([{ field: "content", message: "Give a JSON list of objects, one a row." }]);
  }
  return parsed as Record<string, unknown>[];
}

/** The drizzle table of a tenant database table name (the model knows each column's kind and defaults). */
function tenantTable(name: string): SQLiteTable | undefined {
  const all: unknown[] = Object.values(tenantSchema);
  return all.find((v): v is SQLiteTable => is(v, SQLiteTable) && getTableName(v) === name);
}

/** A file's cell as the model's column takes it (CSV cells are text): blank is nothing. */
function cell(value: unknown, kind: string, row: number, column: string): unknown {
  if (value === "" || value === undefined || value === null) return null;
  const text = String(value).trim();
  const bad = (what: string) =>
    ApiError.validation([{ field: "content", row, message: `Row ${row}: ${column} must be ${what}.` }]);
  switch (kind) {
    case "boolean":
      if (typeof value === "boolean") return value;
      if (/^(true|1|yes)$/i.test(text)) return true;
      if (/^(false|0|no)$/i.test(text)) return false;
      throw bad("true or false");
    case "number": {
      const n = Number(text);
      if (!Number.isFinite(n)) throw bad("a number");
      return n;
    }
    case "date": {
      const d = new Date(typeof value === "number" ? value : text);
      if (Number.isNaN(d.getTime())) throw bad("a date and time");
      return d;
    }
    case "json":
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(text);
      } catch {
        throw bad("JSON");
      }
    default:
      return typeof value === "object" ? JSON.stringify(value) : text;
  }
}

/** SQLite's refusal in words a super user can act on. */
function plainReason(error: unknown): string {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (/NOT NULL/i.test(text)) return "a required value is missing";
  if (/UNIQUE|PRIMARY KEY/i.test(text)) return "it repeats a row that is already there";
  if (/FOREIGN KEY/i.test(text)) return "it refers to a record that does not exist";
  if (/CHECK/i.test(text)) return "a value is not allowed";
  return "the database did not accept it";
}
