/**
 * A carton row as the plant sends it, read and checked without I/O (a batch's rows are all read first,
 * row-numbered like the kill floor's carcass rows; names are matched to ids afterwards).
 */
import { isCalendarDate } from "../../../../kernel/dates.ts";
import { type Shift, SHIFTS } from "../rules.ts";

/** Rows a batch may hold (the 1 MB body holds ~4,000; a day of 25,000 cartons comes in batches). */
export const MAX_CARTON_ROWS = 5_000;
export const MAX_LISTED_ERRORS = 100;

export interface CartonRowError {
  row: number;
  field: string;
  message: string;
}

export interface RunInput {
  runNumber: number;
  killDate: string | null;
  lot: string | null;
  stockMobId: number | null;
  head: number | null;
  hscwKg: number | null;
}

export interface CartonInput {
  serial: string;
  productCode: string;
  speciesId: number | null;
  netKg: number;
  pieces: number;
  productionDate: string;
  shift: Shift;
  boningRoom: string;
  /** a site's id, or its name */
  site: number | string;
  run: RunInput;
}

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** yyyy-MM-dd or d/m/yyyy to an ISO day; null when it is not a real day. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const m = DAY_FIRST.exec(text);
  const iso = m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : text;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isCalendarDate(iso) ? iso : null;
}

const numberOf = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const blank = (v: unknown) => v === undefined || v === null || v === "";
const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : "");

/** One row read and checked; `errors` when any field is wrong. */
export function readCartonRow(
  raw: Readonly<Record<string, unknown>>,
  row: number,
): { carton?: CartonInput; errors?: CartonRowError[] } {
  const errors: CartonRowError[] = [];
  const fail = (field: string, message: string) => errors.push({ row, field, message });
  const serial = text(raw.serial);
  if (!serial) fail("serial", "The carton serial is missing");
  else if (serial.length > 60) fail("serial", "The carton serial is longer than 60 characters");
  const productCode = text(raw.productCode);
  if (!productCode) fail("productCode", "The product code is missing");
  const speciesId = blank(raw.speciesId) ? null : numberOf(raw.speciesId);
  if (speciesId !== null && (!Number.isInteger(speciesId) || speciesId < 1)) {
    fail("speciesId", "The species id must be a whole number");
  }
  const netKg = numberOf(raw.netKg);
  if (netKg === null || netKg <= 0 || netKg > 2_000) {
    fail("netKg", "Net kg must be a number above 0, at most 2,000");
  }
  const pieces = blank(raw.pieces) ? 0 : numberOf(raw.pieces);
  if (pieces === null || !Number.isInteger(pieces) || pieces < 0 || pieces > 10_000) {
    fail("pieces", "Pieces must be a whole number from 0 to 10,000");
  }
  const productionDate = dayOf(raw.productionDate);
  if (!productionDate) fail("productionDate", "The production date must be a day (yyyy-MM-dd or d/m/yyyy)");
  const shift = text(raw.shift).toLowerCase();
  if (!SHIFTS.includes(shift as Shift)) fail("shift", "The shift must be day or night");
  const boningRoom = text(raw.boningRoom);
  if (!boningRoom) fail("boningRoom", "The boning room is missing");
  const siteText = text(raw.site);
  if (!siteText) fail("site", "The site (its name or id) is missing");
  const site = /^\d+$/.test(siteText) ? Number(siteText) : siteText;
  const run = readRun(raw.run, fail);
  if (errors.length) return { errors };
  return {
    carton: {
      serial,
      productCode,
      speciesId,
      netKg: Math.round(netKg! * 1000) / 1000,
      pieces: pieces!,
      productionDate: productionDate!,
      shift: shift as Shift,
      boningRoom,
      site,
      run: run!,
    },
  };
}

function readRun(raw: unknown, fail: (field: string, message: string) => void): RunInput | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    fail("run", "The run is missing (runNumber, and killDate with lot or stockMobId, or head and hscwKg)");
    return null;
  }
  const r = raw as Record<string, unknown>;
  const runNumber = numberOf(r.runNumber);
  let ok = true;
  const bad = (field: string, message: string) => {
    ok = false;
    fail(`run.${field}`, message);
  };
  if (runNumber === null || !Number.isInteger(runNumber) || runNumber < 1 || runNumber > 999) {
    bad("runNumber", "The run number must be a whole number from 1 to 999");
  }
  const killDate = blank(r.killDate) ? null : dayOf(r.killDate);
  if (!blank(r.killDate) && !killDate) {
    bad("killDate", "The kill date must be a day (yyyy-MM-dd or d/m/yyyy)");
  }
  const lot = blank(r.lot) ? null : text(r.lot);
  const stockMobId = blank(r.stockMobId) ? null : numberOf(r.stockMobId);
  if (stockMobId !== null && (!Number.isInteger(stockMobId) || stockMobId < 1)) {
    bad("stockMobId", "The mob id must be a whole number");
  }
  if ((lot || stockMobId !== null) && blank(r.killDate)) {
    bad("killDate", "A run of a mob needs its kill date");
  }
  const head = blank(r.head) ? null : numberOf(r.head);
  if (head !== null && (!Number.isInteger(head) || head < 0 || head > 100_000)) {
    bad("head", "Head must be a whole number from 0 to 100,000");
  }
  const hscwKg = blank(r.hscwKg) ? null : numberOf(r.hscwKg);
  if (hscwKg !== null && (hscwKg < 0 || hscwKg > 10_000_000)) bad("hscwKg", "HSCW kg must be 0 or more");
  return ok ? { runNumber: runNumber!, killDate, lot, stockMobId, head, hscwKg } : null;
}
