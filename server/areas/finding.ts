/**
 * The areas' Find sources (Area.finds), installed once by the registry (server/areas/mod.ts) and read by
 * the find area, which cannot import the registry that lists it (as reactions.ts for the unit of work).
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Area, FindQuery, FindSource } from "./area.ts";

let sources: readonly FindSource[] = [];

/** Takes every area's Find sources, in their `order` (again replaces them). */
export function installFinds(areas: readonly Area[]): void {
  sources = areas.flatMap((a) => a.finds ?? []).sort((a, b) => a.order - b.order);
}

/** Every area's Find sources. */
export const findSources = (): readonly FindSource[] => sources;

/** Fewer characters than this match too many tags to be a look-up of one. */
const TAG_MIN_LENGTH = 6;
/** An RFID number is 15 digits ("982 000123456789"), an NLISID 16 characters: either is a whole tag. */
const WHOLE_TAG_LENGTH = 15;

/** How a query reads as an NLIS tag: whole (looked up through an index), part of one, or none. */
export function tagLookup(q: FindQuery): "whole" | "part" | null {
  if (q.compact.length < TAG_MIN_LENGTH || !/\d/.test(q.compact)) return null;
  return q.compact.length >= WHOLE_TAG_LENGTH ? "whole" : "part";
}

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
