/**
 * Kill floor rules (no I/O): reading a carcass row against the field catalogue (row-numbered errors in
 * plain words), the head counts of a mob and an order reconciled with the yard, and when an order's
 * carcass data is complete. Islands import this module.
 */
import {
  CARCASS_FIELDS,
  type CarcassField,
  type CarcassFieldKey,
  CONDEMNED,
  HANG_METHODS,
  SEXES,
} from "./fields.ts";
import type { MsaGrading } from "./msa/rules.ts";

export * from "./fields.ts";
export * from "./csv.ts";
export * from "./paths.ts";

/** A carcass as a row gives it, checked and typed (the lot or mob still to be found); MSA as graded. */
export interface CarcassInput extends Omit<MsaGrading, "msaHangMethod"> {
  productionDate: string;
  bodyNumber: number;
  lot: string | null;
  stockMobId: number | null;
  killSequence: number | null;
  rfid: string | null;
  category: string | null;
  sex: (typeof SEXES)[number] | null;
  dentition: number | null;
  hscwKg: number;
  fatDepthMm: number | null;
  fatScore: number | null;
  gradeCode: string | null;
  msaHangMethod: (typeof HANG_METHODS)[number] | null;
  defects: string[];
  trimKg: number;
  condemned: (typeof CONDEMNED)[number];
  condemnedReason: string | null;
  skinGrade: string | null;
}

export interface RowError {
  /** 1 = the first data row (a CSV's header is row 0) */
  row: number;
  field: string;
  message: string;
}

/** Rows in one file or batch (a day of a large plant is ~3,000 head; a week's back-fill fits). */
export const MAX_IMPORT_ROWS = 50_000;
/** Errors listed back for a rejected file: enough to fix the pattern, not a second copy of the file. */
export const MAX_LISTED_ERRORS = 100;

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day from YYYY-MM-DD or the Australian DD/MM/YYYY, or null. */
export function readDay(text: string): string | null {
  const dayFirst = DAY_FIRST.exec(text);
  const iso = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2].padStart(2, "0")}-${dayFirst[1].padStart(2, "0")}`
    : ISO_DAY.test(text)
    ? text
    : null;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

const YES = new Set(["y", "yes", "true", "1"]);
const NO = new Set(["n", "no", "false", "0"]);

type Read = { ok: true; value: unknown } | { ok: false; message: string };

function readValue(f: CarcassField, raw: unknown): Read {
  const text = typeof raw === "string" ? raw.trim() : raw;
  switch (f.kind) {
    case "date": {
      const day = typeof text === "string" ? readDay(text) : null;
      return day
        ? { ok: true, value: day }
        : { ok: false, message: "Use a date like 2026-11-20 or 20/11/2026" };
    }
    case "int":
    case "number": {
      const n = typeof text === "number"
        ? text
        : typeof text === "string" && /^-?\d+(\.\d+)?$/.test(text)
        ? Number(text)
        : NaN;
      if (!Number.isFinite(n)) return { ok: false, message: "Use a number written in digits" };
      if (f.kind === "int" && !Number.isInteger(n)) return { ok: false, message: "Use a whole number" };
      if (n < (f.min ?? -Infinity) || n > (f.max ?? Infinity)) {
        return { ok: false, message: `Use a number from ${f.min} to ${f.max}` };
      }
      return { ok: true, value: n };
    }
    case "choice": {
      const found = typeof text === "string"
        ? f.choices!.find((c) => c.toLowerCase() === text.toLowerCase())
        : undefined;
      return found
        ? { ok: true, value: found }
        : { ok: false, message: `Use one of ${f.choices!.join(", ")}` };
    }
    case "yesNo": {
      if (typeof text === "boolean") return { ok: true, value: text };
      const word = String(text).toLowerCase();
      return YES.has(word)
        ? { ok: true, value: true }
        : NO.has(word)
        ? { ok: true, value: false }
        : { ok: false, message: "Use Y or N" };
    }
    case "list": {
      const items = Array.isArray(text) ? text : typeof text === "string" ? text.split(/[;|]/) : null;
      if (!items || items.some((i) => typeof i !== "string")) {
        return { ok: false, message: "Use codes separated by ;" };
      }
      const codes = (items as string[]).map((i) => i.trim()).filter(Boolean);
      if (codes.join(";").length > (f.maxLength ?? 200)) {
        return { ok: false, message: "Too many defects listed" };
      }
      return { ok: true, value: codes };
    }
    default: {
      if (typeof text !== "string" && typeof text !== "number") return { ok: false, message: "Use text" };
      const value = String(text);
      if (value.length > (f.maxLength ?? 100)) {
        return { ok: false, message: `Use at most ${f.maxLength} characters` };
      }
      return { ok: true, value };
    }
  }
}

const EMPTY: Record<string, unknown> = { defects: [], trimKg: 0, condemned: "none" };
const isBlank = (raw: unknown) =>
  raw === undefined || raw === null || (typeof raw === "string" && !raw.trim());

/**
 * Reads one row (CSV cells as text, or a JSON object) into a carcass, or the row's errors. Unknown keys
 * are ignored; blank cells are "not given".
 */
export function readCarcassRow(
  raw: Readonly<Record<string, unknown>>,
  row: number,
): { carcass: CarcassInput; errors?: never } | { errors: RowError[]; carcass?: never } {
  const out: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const f of CARCASS_FIELDS) {
    const value = raw[f.key];
    if (isBlank(value)) {
      if (f.required) errors.push({ row, field: f.key, message: `${f.label} is missing` });
      out[f.key] = EMPTY[f.key] ?? null;
      continue;
    }
    const read = readValue(f, value);
    if (read.ok) out[f.key] = read.value;
    else errors.push({ row, field: f.key, message: `${f.label}: ${read.message}` });
  }
  if (!errors.length) errors.push(...crossChecks(out as unknown as CarcassInput, row));
  return errors.length ? { errors } : { carcass: out as unknown as CarcassInput };
}

/** What single fields cannot say: a mob reference, condemnations and weights that agree. */
function crossChecks(c: CarcassInput, row: number): RowError[] {
  const errors: RowError[] = [];
  if (!c.lot && !c.stockMobId) errors.push({ row, field: "lot", message: "Give the lot or the mob id" });
  if (c.condemned !== "none" && !c.condemnedReason) {
    errors.push({ row, field: "condemnedReason", message: "Say why the carcass was condemned" });
  }
  if (c.condemned !== "whole" && c.hscwKg <= 0) {
    errors.push({ row, field: "hscwKg", message: "A carcass that passed needs its weight (above 0 kg)" });
  }
  return errors;
}

// ---------------------------------------------------------------- head counts

/** The head counts of an order (or one mob) from the yard and from the kill floor. */
export interface HeadCounts {
  /** head that came off the trucks alive (delivered less DOA) */
  liveReceived: number;
  /** sent to the unfit bin (killed apart or destroyed: not on the chain) */
  unfit: number;
  /** still in the yards or paddocks (not yet sent to the kill floor) */
  inYard: number;
  /** sent to the kill floor */
  sentToKillFloor: number;
  /** carcass records received (condemned ones included) */
  processed: number;
  /** of those, condemned whole */
  condemned: number;
}

/** Where an order's head stand: the counts add up, or what does not. */
export interface Reconciliation {
  /** sent to the kill floor but no carcass record yet */
  awaitingCarcasses: number;
  /** more carcass records than head sent: a body number on the wrong lot */
  surplus: number;
  /** every live head is accounted for: killed (with a record) or unfit */
  isComplete: boolean;
  /** a sentence for the screen ("12 head await carcass records") */
  summary: string;
}

export function reconcile(c: HeadCounts): Reconciliation {
  const awaitingCarcasses = Math.max(0, c.sentToKillFloor - c.processed);
  const surplus = Math.max(0, c.processed - c.sentToKillFloor);
  const isComplete = c.liveReceived > 0 && c.inYard === 0 && awaitingCarcasses === 0 && surplus === 0 &&
    c.processed + c.unfit === c.liveReceived;
  const summary = surplus
    ? `${surplus} more carcass${surplus === 1 ? "" : "es"} than head sent to the kill floor: check the lots`
    : isComplete
    ? "Complete: every head is accounted for"
    : awaitingCarcasses
    ? `${awaitingCarcasses} head await carcass records`
    : c.inYard
    ? `${c.inYard} head still in the yard`
    : c.processed + c.unfit !== c.liveReceived
    ? `${c.liveReceived - c.processed - c.unfit} head not accounted for`
    : "Nothing killed yet";
  return { awaitingCarcasses, surplus, isComplete, summary };
}

/** Whole-number average of weights, 1 decimal (0 for none). */
export function averageKg(total: number, count: number): number {
  return count ? Math.round((total / count) * 10) / 10 : 0;
}

export type { CarcassFieldKey };

// ---------------------------------------------------------------- interchange clients

/** A client with no heartbeat for this long is shown as silent (its state may be stale). */
export const SILENT_AFTER_MS = 5 * 60_000;

/**
 * The plant's time of day for an interchange card: "HH:mm" and a sun from 06:00 to 17:59, a moon
 * otherwise (spec 3 §4); null when the client did not give its time zone ("Local time not available").
 */
export function plantClock(timeZone: string | null, now = new Date()) {
  if (!timeZone) return { localTime: null, dayPeriod: null } as const;
  try {
    const parts = clockFormat(timeZone).formatToParts(now);
    const hour = Number(parts.find((p) => p.type === "hour")?.value);
    const minute = parts.find((p) => p.type === "minute")?.value ?? "00";
    return {
      localTime: `${String(hour).padStart(2, "0")}:${minute}`,
      dayPeriod: hour >= 6 && hour < 18 ? "day" : "night",
    } as const;
  } catch {
    return { localTime: null, dayPeriod: null } as const;
  }
}

/** one formatter per zone: making one costs about a millisecond, and the testing home shows 50 cards */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string) {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    // a zone that is not one throws above and is never kept
    if (clockFormats.size < 500) clockFormats.set(timeZone, format);
  }
  return format;
}

/** Cards sorted errors first (spec 3 §4), then silent ones, then by name. */
export function interchangeOrder<
  T extends { isInErrorState: boolean; isSilent: boolean; clientName: string },
>(
  clients: readonly T[],
): T[] {
  return [...clients].sort((a, b) =>
    Number(b.isInErrorState) - Number(a.isInErrorState) || Number(b.isSilent) - Number(a.isSilent) ||
    a.clientName.localeCompare(b.clientName)
  );
}

/** Data flow statuses a reset without force may leave (a running pipeline needs force). */
export const RESETTABLE_WITHOUT_FORCE = ["Error", "Paused", "Stopped", "ReadyToProcess"];

/** A pipeline status as a person reads it ("ReadyToProcess" → "Ready to Process"). */
export function dataFlowText(status: string): string {
  return status === "ReadyToProcess" ? "Ready to Process" : status.replace(/([a-z])([A-Z])/g, "$1 $2");
}
