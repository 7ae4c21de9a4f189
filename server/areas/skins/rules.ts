/**
 * Skin grading rules (spec 2 §3 "Incomplete skins record", "Skin price and hide price", §4 skin paging):
 * the grades a skin room counts, which skins are still to count, paging, and the checks on a price or a
 * count before it is stored. Pure: the service, the pages and the count sheet island share them.
 */
import { skinKindOf } from "../invoiceSettings/rules.ts";

export { type SkinKind, skinKindOf } from "../invoiceSettings/rules.ts";

/** The grades as the kill floor and the skin room call them, best first (AUS-MEAT style 1–3, then reject). */
export const SKIN_GRADES = ["1", "2", "3", "reject"] as const;
export type SkinGrade = (typeof SKIN_GRADES)[number];

export const gradeLabel = (grade: string) => grade === "reject" ? "Reject" : `Grade ${grade}`;

/** Species whose skins or hides are paid for (pigs are scalded with the skin on). */
export const hasSkins = (speciesId: number) => speciesId !== 3;

/** "skins" or "hides", for headings and messages. */
export const skinWord = (speciesId: number) => skinKindOf(speciesId) === "hide" ? "hides" : "skins";

export const SKIN_PAGE_SIZE = 50;

/**
 * The start of the page to show (spec 2 §4 skin paging): when the start passes the total (the last row of
 * the last page was just counted), it steps back one page; a start far past the end lands on the last page.
 */
export function pageStart(startIndex: number, pageSize: number, total: number): number {
  if (total <= 0) return 0;
  if (startIndex < total) return Math.max(0, startIndex);
  const back = Math.max(0, startIndex - pageSize);
  return back < total ? back : Math.floor((total - 1) / pageSize) * pageSize;
}

/** One page of a list held whole, its start stepped back as pageStart says; `startIndex`: the start used. */
export function skinPage<T>(rows: T[], page: { offset: number; limit: number }) {
  const startIndex = pageStart(page.offset, page.limit, rows.length);
  return { rows: rows.slice(startIndex, startIndex + page.limit), total: rows.length, startIndex };
}

export interface GradePrice {
  grade: string;
  centsPerPiece: number;
}

/** A price's problems in words (the form shows each beside its field). */
export function skinPriceProblems(
  p: { startDate: string; archivedDate: string | null; grades: GradePrice[] },
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (p.archivedDate !== null && p.archivedDate <= p.startDate) {
    problems.push({ field: "archivedDate", message: "The price must stop after the day it starts." });
  }
  if (!p.grades.some((g) => g.centsPerPiece > 0)) {
    problems.push({ field: "grades.0", message: "Enter a price for at least one grade." });
  }
  return problems;
}

/** What a skin count of an order for a day adds up to, and why it cannot be stored, in words. */
export function countProblems(
  counts: Record<string, number>,
  headProcessed: number,
  word = "skins",
): string | null {
  const total = countTotal(counts);
  if (total > headProcessed) {
    return `${total} ${word} counted but ${headProcessed} head were processed that day.`;
  }
  return null;
}

export const countTotal = (counts: Record<string, number>) =>
  Object.values(counts).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);

/** The value of counted skins at a price (cents), and the grades counted that have no price. */
export function skinValue(
  counts: Record<string, number>,
  grades: GradePrice[] | null,
): { cents: number; unpriced: string[] } {
  const prices = new Map((grades ?? []).map((g) => [g.grade, g.centsPerPiece]));
  let cents = 0;
  const unpriced: string[] = [];
  for (const [grade, n] of Object.entries(counts)) {
    if (!n) continue;
    const price = prices.get(grade);
    if (price === undefined) unpriced.push(grade);
    else cents += price * n;
  }
  return { cents, unpriced };
}

/** A price row's state on a day: in use, upcoming, or stopped (archived on or before the day). */
export function priceTiming(
  p: { startDate: string; archivedDate: string | null },
  today: string,
): "current" | "future" | "archived" {
  if (p.archivedDate !== null && p.archivedDate <= today) return "archived";
  return p.startDate > today ? "future" : "current";
}
