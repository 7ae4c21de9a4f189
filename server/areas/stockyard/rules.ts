/**
 * Stockyard rules (spec 1 §4 "Mob status", "Pen status (derived)", §5 pen rules): pure, no I/O. The
 * service applies them inside its transactions; the yard island bundles them to grey out pens a mob
 * cannot go to before it asks the server.
 */
import { MOB_STATUS } from "../../../kernel/enums.ts";

/** Pen geometry limits (spec 1 §9): at least 10 × 10; a new pen sits at 5,5. */
export const PEN_MIN_SIZE = 10;
export const NEW_PEN_POSITION = { x: 5, y: 5 } as const;
/** The layout editor's canvas (layout units) and grid step. */
export const LAYOUT_SIZE = { width: 1200, height: 800 } as const;
export const GRID_STEP = 5;

/** What a pen holds, as the rules see it. */
export interface PenContent {
  stockMobId: number;
  livestockOrderId: number;
  head: number;
  separatedHead: number;
  mobStatus: number;
  /** names of requirements not yet complete */
  incompleteChecks: string[];
  /** the boxed lot of the content's order (several orders killed as one), or null */
  boxedLotRef?: string | null;
}

export interface PenState {
  livestockOrderReservedForId: number | null;
  isContentPendingKill: boolean;
  contents: PenContent[];
}

export const PEN_STATUSES = ["pending", "reserved", "stocked", "readyToEmpty", "empty"] as const;
export type PenStatus = (typeof PEN_STATUSES)[number];

/** Plain words for each pen status (legend, screen readers). */
export const PEN_STATUS_LABELS: Record<PenStatus, string> = {
  pending: "Pending kill floor",
  reserved: "Reserved",
  stocked: "Stocked",
  readyToEmpty: "Ready to empty",
  empty: "Empty",
};

export function penHead(pen: Pick<PenState, "contents">): number {
  return pen.contents.reduce((sum, c) => sum + c.head, 0);
}

/**
 * Spec 1 §4, in its order: pending when the content waits for the kill floor; reserved when kept for
 * an order; stocked with head in it, "ready to empty" once every requirement is complete and no head
 * is separated; otherwise empty. (A reserved pen that already holds stock reads as reserved: the
 * reservation is what the yard hands must see.)
 */
export function penStatus(pen: PenState): PenStatus {
  const head = penHead(pen);
  if (pen.isContentPendingKill && head > 0) return "pending";
  if (pen.livestockOrderReservedForId !== null) return "reserved";
  if (head > 0) {
    const allChecked = pen.contents.every((c) => c.incompleteChecks.length === 0);
    const separated = pen.contents.some((c) => c.separatedHead > 0);
    return allChecked && !separated ? "readyToEmpty" : "stocked";
  }
  return "empty";
}

/** The orders a pen is bound to: its reservation and what it holds. */
function ordersOf(pen: PenState): Set<number> {
  const orders = new Set(pen.contents.filter((c) => c.head > 0).map((c) => c.livestockOrderId));
  if (pen.livestockOrderReservedForId !== null) orders.add(pen.livestockOrderReservedForId);
  return orders;
}

/**
 * Spec 1 §5: a pen can be loaded only if it is empty, reserved for the same order, or already holds the
 * same order. A boxed lot's orders are killed as one, so they may also share a pen: a pen holding only
 * orders of the incoming order's boxed lot (and reserved for none of another) takes it. Answers null when
 * it may, else the reason in plain words.
 */
export function refuseLoad(
  pen: PenState & { name: string; isOperational: boolean },
  orderId: number,
  boxedLotRef: string | null = null,
) {
  if (!pen.isOperational) return `Pen ${pen.name} is not in use.`;
  const orders = ordersOf(pen);
  if (orders.size === 0 || (orders.size === 1 && orders.has(orderId))) return null;
  const held = pen.contents.filter((c) => c.head > 0);
  const reservedElsewhere = pen.livestockOrderReservedForId !== null &&
    pen.livestockOrderReservedForId !== orderId &&
    !held.some((c) => c.livestockOrderId === pen.livestockOrderReservedForId);
  if (boxedLotRef && !reservedElsewhere && held.every((c) => c.boxedLotRef === boxedLotRef)) return null;
  if (pen.livestockOrderReservedForId !== null && pen.livestockOrderReservedForId !== orderId) {
    return `Pen ${pen.name} is reserved for another order.`;
  }
  return `Pen ${pen.name} holds another order's stock.`;
}

/**
 * Spec 1 §5: separated head is reset to 0 when it exceeds the pen's head; ungrouping the last animal
 * (separated head would equal the whole mob) also resets it.
 */
export function settleSeparatedHead(separatedHead: number, head: number): number {
  if (separatedHead < 0 || separatedHead > head || (head > 0 && separatedHead === head)) return 0;
  return separatedHead;
}

/** Marking a pen pending kill raises its mobs to PendingKillFloorMove if lower (spec 1 §4). */
export function statusWhenMarkedPending(mobStatus: number): number {
  return Math.max(mobStatus, MOB_STATUS.PendingKillFloorMove);
}

/** Unmarking returns the pending mobs to ReadyToProcess (spec 1 §4). */
export function statusWhenUnmarkedPending(mobStatus: number): number {
  return mobStatus === MOB_STATUS.PendingKillFloorMove ? MOB_STATUS.ReadyToProcess : mobStatus;
}

/** The status a mob takes when it lands in a pen of this yard. */
export function statusInYard(yard: { isPaddockGroup: boolean }, current: number): number {
  if (current === MOB_STATUS.PendingKillFloorMove || current === MOB_STATUS.ReadyToProcess) return current;
  return yard.isPaddockGroup ? MOB_STATUS.InPaddock : MOB_STATUS.InYard;
}

/** Mobs that can still be moved about the yard (not at the kill floor, not unfit). */
/** Whether a yard takes a species: an any-species yard (or one without a species) takes every one. */
export function yardTakes(
  yard: { isAnySpeciesYard: boolean; speciesId: number | null },
  speciesId: number,
): boolean {
  return yard.isAnySpeciesYard || yard.speciesId === null || yard.speciesId === speciesId;
}

export function isMovable(mobStatus: number): boolean {
  return mobStatus !== MOB_STATUS.AtKillFloor && mobStatus !== MOB_STATUS.Unfit;
}

/** The checks every mob starts with (docs/decisions.md: Australian arrival practice). */
export const DEFAULT_REQUIREMENTS = ["NVD checked", "Ante-mortem inspection", "Water and feed"] as const;

export const MAX_MOB_CHECKS = 10;
export const MOB_CHECK_MAX_LENGTH = 40;

/** A plant's check list as typed: trimmed, blanks dropped; problems named by the form's field. */
export function mobCheckList(typed: readonly (string | null | undefined)[]) {
  const checks = typed.map((c) => (c ?? "").trim()).filter(Boolean);
  const problems: { field: string; message: string }[] = [];
  if (!checks.length) problems.push({ field: "checks.0", message: "Keep at least one check" });
  if (checks.length > MAX_MOB_CHECKS) {
    problems.push({ field: "checks", message: `At most ${MAX_MOB_CHECKS} checks` });
  }
  const seen = new Set<string>();
  typed.forEach((raw, i) => {
    const c = (raw ?? "").trim();
    if (!c) return;
    if (c.length > MOB_CHECK_MAX_LENGTH) {
      problems.push({ field: `checks.${i}`, message: `At most ${MOB_CHECK_MAX_LENGTH} characters` });
    }
    if (seen.has(c.toLowerCase())) problems.push({ field: `checks.${i}`, message: `"${c}" is listed twice` });
    seen.add(c.toLowerCase());
  });
  return { checks, problems };
}

/**
 * Head over a pen's capacity (0: no capacity set, never over): the warning in words with the numbers,
 * or null when the head fits. The yard asks before landing head above it; the API wants the caller to
 * confirm (confirmOverCapacity).
 */
export function overCapacity(
  pen: { name: string; capacity: number },
  headNow: number,
  adding: number,
): string | null {
  if (pen.capacity <= 0 || headNow + adding <= pen.capacity) return null;
  return `Pen ${pen.name} holds ${pen.capacity} head: ${adding} more would make ${headNow + adding} (${
    headNow + adding - pen.capacity
  } over).`;
}

/** The question a merge asks first: which mob joins which, with their head. */
export function mergeQuestion(
  moving: { id: number; head: number; whole: boolean },
  into: { id: number; head: number },
  penName: string,
): string {
  const what = moving.whole
    ? `mob ${moving.id} (${moving.head} head)`
    : `${moving.head} head of mob ${moving.id}`;
  return `Merge ${what} into mob ${into.id} (${into.head} head) in pen ${penName}?`;
}

/** A head count taken out of a mob: whole, at least 1, at most what the mob holds. */
export function refuseHead(head: number, available: number): string | null {
  if (!Number.isInteger(head) || head < 1) return "Choose at least one head.";
  if (head > available) return `Only ${available} head are there.`;
  return null;
}

export interface PenRect {
  x: number;
  y: number;
  width: number;
  height: number;
  angle: number;
}

/** A pen as it is drawn and edited: its place, size, name and use (the editor and the yard share it). */
export interface PenGeometry extends PenRect {
  id: number;
  name: string;
  capacity: number;
  isOperational: boolean;
}

/** A pen kept inside the layout, at least the minimum size, snapped to the grid. */
export function normalisePen<P extends PenRect>(pen: P, step = GRID_STEP): P {
  const snap = (v: number) => Math.round(v / step) * step;
  const width = Math.max(PEN_MIN_SIZE, snap(pen.width));
  const height = Math.max(PEN_MIN_SIZE, snap(pen.height));
  return {
    ...pen,
    width,
    height,
    x: Math.min(Math.max(0, snap(pen.x)), LAYOUT_SIZE.width - PEN_MIN_SIZE),
    y: Math.min(Math.max(0, snap(pen.y)), LAYOUT_SIZE.height - PEN_MIN_SIZE),
    angle: ((Math.round(pen.angle) % 360) + 360) % 360,
  };
}

/**
 * An NLIS device number as readers send it ("982 000123456789", "3abcd123xba00001") in one spelling:
 * no spaces, upper case; null when it is not one (15 digits of an ISO 11784 FDX-B number, or the 16
 * characters of an NLIS ID).
 */
export function normaliseRfid(text: string): string | null {
  const s = text.replace(/[\s-]/g, "").toUpperCase();
  return /^\d{15}$/.test(s) || /^[0-9A-Z]{16}$/.test(s) ? s : null;
}

/** Species whose animals carry their own NLIS device (cattle); the others are mob-based unless read. */
export const INDIVIDUALLY_TAGGED_SPECIES: readonly number[] = [2];

/**
 * How an order's devices disagree: read at the race against live head received, and against the
 * devices the kill floor recorded (a device killed but never read; one read but not killed once the
 * order's kill is complete).
 */
export function rfidDiscrepancies(input: {
  liveHead: number;
  scanned: readonly string[];
  killed: readonly string[];
  killComplete: boolean;
}) {
  const scanned = new Set(input.scanned);
  const killed = new Set(input.killed);
  return {
    countDifference: scanned.size - input.liveHead,
    killedNotRead: [...killed].filter((d) => !scanned.has(d)).sort(),
    readNotKilled: input.killComplete ? [...scanned].filter((d) => !killed.has(d)).sort() : [],
  };
}
