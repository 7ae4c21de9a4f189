/**
 * The tenant data upload's reading of a file: rows of CSV or JSON, each cell as the model's column takes
 * it, and SQLite's refusals in words.
 */
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as tenantSchema from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { parseCsv } from "../../killFloor/rules.ts";

export function fromCsv(text: string): Record<string, string>[] {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  return records.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), cells[i] ?? ""])));
}

export function fromJson(text: string): Record<string, unknown>[] {
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
export function tenantTable(name: string): SQLiteTable | undefined {
  const all: unknown[] = Object.values(tenantSchema);
  return all.find((v): v is SQLiteTable => is(v, SQLiteTable) && getTableName(v) === name);
}

/** A file's cell as the model's column takes it (CSV cells are text): blank is nothing. */
export function cell(value: unknown, kind: string, row: number, column: string): unknown {
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
export function plainReason(error: unknown): string {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (/NOT NULL/i.test(text)) return "a required value is missing";
  if (/UNIQUE|PRIMARY KEY/i.test(text)) return "it repeats a row that is already there";
  if (/FOREIGN KEY/i.test(text)) return "it refers to a record that does not exist";
  if (/CHECK/i.test(text)) return "a value is not allowed";
  return "the database did not accept it";
}
