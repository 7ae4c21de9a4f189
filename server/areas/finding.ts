/**
 * The areas' Find sources (Area.finds), installed once by the registry (server/areas/mod.ts) and read by
 * the find area, which cannot import the registry that lists it (as reactions.ts for the unit of work).
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Area, FindSource } from "./area.ts";

let sources: readonly FindSource[] = [];

/** Takes every area's Find sources, in their `order` (again replaces them). */
export function installFinds(areas: readonly Area[]): void {
  sources = areas.flatMap((a) => a.finds ?? []).sort((a, b) => a.order - b.order);
}

/** Every area's Find sources. */
export const findSources = (): readonly FindSource[] => sources;

/** A code (a lot, an NVD, an invoice number) is matched in part from this many characters. */
export const PART_MIN_LENGTH = 3;

/** `value` for a LIKE pattern, its own % and _ taken literally (with ESCAPE '\'). */
const escaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for `value` anywhere. */
export const likePattern = (value: string): string => `%${escaped(value)}%`;

/**
 * `column` without the spaces and dashes it was stored with (a tag, a PIC, an ABN as written on paper).
 * The carcasses' tag index is this expression (db/tenant/killFloor.ts): a query meets it only as written.
 */
export const compacted = (column: SQLWrapper): SQL => sql`replace(replace(${column}, ' ', ''), '-', '')`;

/** `column` holds `value` anywhere, ignoring case (LIKE does, for ASCII) and, with `compact`, spacing. */
export function holds(column: SQLWrapper, value: string, compact = false): SQL {
  return sql`${compact ? compacted(column) : column} like ${likePattern(value)} escape '\\'`;
}

/** `column` starts with `value`, ignoring case (ASCII): the better match, sorted first. */
export const beginsWith = (column: SQLWrapper, value: string): SQL =>
  sql`${column} like ${`${escaped(value)}%`} escape '\\'`;
