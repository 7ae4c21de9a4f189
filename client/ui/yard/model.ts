/**
 * The live yard as the browser sees it: the shape of the stockyard API's `YardView` (server/areas/
 * stockyard/schemas.ts; the page passes the server's value, so TypeScript checks the two agree), and the
 * pure helpers the drawing and the yard island share: geometry, the view box, keyboard neighbours,
 * what a pen shows, and keeping unchanged pens as they were so only changed pens redraw.
 */
import { type PenGeometry, type PenStatus, refuseLoad } from "../../../server/areas/stockyard/rules.ts";

export type { PenStatus };

export interface YardRequirement {
  id: number;
  name: string;
  isComplete: boolean;
  completedBy: string | null;
}

export interface YardMob {
  stockMobId: number;
  livestockOrderId: number;
  agendaLotReference: string | null;
  supplierId: number;
  supplierName: string;
  speciesId: number;
  speciesCategory: string | null;
  head: number;
  separatedHead: number;
  mobStatus: number;
  mobStatusName: string;
  penId: number | null;
  stockyardId: number | null;
  pic: string;
  applicableProductionDate: string | null;
  requirements: YardRequirement[];
  incompleteChecks: string[];
  reasonSentToBin: string | null;
  orderStatusName: string;
  isWaitingForAiHeadCount: boolean;
  /** an NVD is matched to the order: a mob without one is badged "No NVD" */
  isLinkedNvd: boolean;
  /** the boxed lot (several orders killed as one) the mob belongs to, or null */
  boxedLotRef: string | null;
  /** the boxed lot's suppliers (empty when not boxed) */
  boxedLotSuppliers: string[];
  lastModified: string;
}

export interface YardPen extends PenGeometry {
  livestockOrderReservedForId: number | null;
  reservedForLabel: string | null;
  isContentPendingKill: boolean;
  status: PenStatus;
  head: number;
  contents: YardMob[];
  lastModified: string;
}

export interface YardSummaryData {
  id: number;
  name: string;
  tenantSiteId: number;
  speciesId: number | null;
  isAnySpeciesYard: boolean;
  speciesName: string;
  isPaddockGroup: boolean;
  isOperational: boolean;
  capacity: number;
  head: number;
  pens: number;
  pensUsed: number;
}

export interface YardData {
  yard: YardSummaryData & { isIncludeUnfitBin: boolean; hasMapImage: boolean; lastModified: string };
  yards: YardSummaryData[];
  pens: YardPen[];
  waiting: YardMob[];
  bin: YardMob[];
  binHead: number;
  arriving: YardMob[];
  today: string;
}

/** The layout editor's canvas (spec: pens are placed on a 1200 × 800 layout). */
export const LAYOUT = { width: 1200, height: 800 } as const;

/** A letter (or mark) per status: the drawing is never colour-only. */
export const STATUS_MARK: Record<PenStatus, string> = {
  pending: "K",
  reserved: "R",
  stocked: "S",
  readyToEmpty: "E",
  empty: "",
};

/** The corners of a pen turned about its top-left corner (as the layout editor turns it). */
function corners(pen: Pick<YardPen, "x" | "y" | "width" | "height" | "angle">): [number, number][] {
  const a = (pen.angle * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  return [[0, 0], [pen.width, 0], [pen.width, pen.height], [0, pen.height]].map(([u, v]) => [
    pen.x + u * cos - v * sin,
    pen.y + u * sin + v * cos,
  ]);
}

export function penCentre(pen: Pick<YardPen, "x" | "y" | "width" | "height" | "angle">): [number, number] {
  const c = corners(pen);
  return [(c[0][0] + c[2][0]) / 2, (c[0][1] + c[2][1]) / 2];
}

/**
 * What the drawing shows: the whole layout when a site map lies under it (the map is drawn to the
 * layout), else just the pens with a margin, so a yard that uses part of the layout reads larger.
 */
export function viewBoxOf(pens: YardPen[], withMap: boolean): string {
  if (withMap || !pens.length) return `0 0 ${LAYOUT.width} ${LAYOUT.height}`;
  const points = pens.flatMap(corners);
  const pad = 12;
  const minX = Math.max(0, Math.min(...points.map((p) => p[0])) - pad);
  const minY = Math.max(0, Math.min(...points.map((p) => p[1])) - pad);
  const maxX = Math.max(...points.map((p) => p[0])) + pad;
  const maxY = Math.max(...points.map((p) => p[1])) + pad;
  const r = (n: number) => Math.round(n);
  return `${r(minX)} ${r(minY)} ${r(Math.max(maxX - minX, 200))} ${r(Math.max(maxY - minY, 120))}`;
}

export type Direction = "left" | "right" | "up" | "down";

/** The arrow keys that step between pens on the drawing. */
export const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

/** The pen the arrow key goes to: the nearest whose centre lies that way (straight lines preferred). */
export function neighbour(pens: YardPen[], fromId: number, dir: Direction): number | null {
  const from = pens.find((p) => p.id === fromId);
  if (!from) return pens[0]?.id ?? null;
  const [fx, fy] = penCentre(from);
  let best: { id: number; score: number } | null = null;
  for (const pen of pens) {
    if (pen.id === fromId) continue;
    const [x, y] = penCentre(pen);
    const dx = x - fx, dy = y - fy;
    const along = dir === "left" ? -dx : dir === "right" ? dx : dir === "up" ? -dy : dy;
    const across = dir === "left" || dir === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const score = along + across * 3;
    if (!best || score < best.score) best = { id: pen.id, score };
  }
  return best?.id ?? null;
}

/** The boxed lots among a pen's mobs, each once (a lot's mobs are marked as one). */
export function boxedLotsIn(pen: Pick<YardPen, "contents">): YardMob[] {
  return [...new Map(pen.contents.filter((m) => m.boxedLotRef).map((m) => [m.boxedLotRef, m])).values()];
}

/** The other mobs of a mob's boxed lot still in a pen (what a move offers to bring along). */
export function lotMatesIn(view: Pick<YardData, "pens">, mob: YardMob, penId: number): YardMob[] {
  if (!mob.boxedLotRef) return [];
  const pen = view.pens.find((p) => p.id === penId);
  return (pen?.contents ?? []).filter((m) =>
    m.boxedLotRef === mob.boxedLotRef && m.stockMobId !== mob.stockMobId && m.head > 0
  );
}

/** "Lot 1234" or, with no lot yet, "Order 99". */
export function lotLabel(mob: Pick<YardMob, "agendaLotReference" | "livestockOrderId">): string {
  return mob.agendaLotReference ? `Lot ${mob.agendaLotReference}` : `Order ${mob.livestockOrderId}`;
}

export function incompleteCount(pen: YardPen): number {
  return pen.contents.reduce((n, m) => n + m.incompleteChecks.length, 0);
}

/** A pen's accessible name: everything the drawing shows, in words. */
export function penDescription(pen: YardPen, statusLabel: string): string {
  const parts = [`Pen ${pen.name}`, statusLabel];
  if (!pen.isOperational) parts.push("not in use");
  if (pen.head > 0) parts.push(`${pen.head} head`);
  for (const mob of pen.contents) parts.push(`${lotLabel(mob)} ${mob.supplierName}`);
  for (const lot of boxedLotsIn(pen)) {
    parts.push(`boxed lot ${lot.boxedLotRef} of ${lot.boxedLotSuppliers.join(" and ")}`);
  }
  if (pen.reservedForLabel) parts.push(`reserved for ${pen.reservedForLabel}`);
  const noNvd = pen.contents.filter((m) => !m.isLinkedNvd).length;
  if (noNvd) parts.push(noNvd === pen.contents.length ? "no NVD" : `${noNvd} without an NVD`);
  const checks = incompleteCount(pen);
  if (checks) parts.push(`${checks} check${checks === 1 ? "" : "s"} to do`);
  const separated = pen.contents.reduce((n, m) => n + m.separatedHead, 0);
  if (separated) parts.push(`${separated} separated`);
  return parts.join(", ");
}

/** Why a mob may not go to a pen (spec 1 §5), or null. */
export function refusal(pen: YardPen, mob: YardMob): string | null {
  if (pen.id === mob.penId) return null;
  return refuseLoad(pen, mob.livestockOrderId, mob.boxedLotRef);
}

/**
 * The new view with every pen, mob list and yard that did not change kept as the same object: the
 * memoised pens compare by identity, so a push refresh redraws only the pens whose data changed.
 */
export function mergeView(old: YardData, next: YardData): YardData {
  const same = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
  const oldPens = new Map(old.pens.map((p) => [p.id, p]));
  const pens = next.pens.map((p) => {
    const before = oldPens.get(p.id);
    return before && same(before, p) ? before : p;
  });
  return {
    ...next,
    yard: same(old.yard, next.yard) ? old.yard : next.yard,
    yards: same(old.yards, next.yards) ? old.yards : next.yards,
    pens: pens.every((p, i) => p === old.pens[i]) && pens.length === old.pens.length ? old.pens : pens,
    waiting: same(old.waiting, next.waiting) ? old.waiting : next.waiting,
    bin: same(old.bin, next.bin) ? old.bin : next.bin,
    arriving: same(old.arriving, next.arriving) ? old.arriving : next.arriving,
  };
}

/** Every mob of the view by id (pens, waiting, arriving; the bin is not movable). */
export function findMob(view: YardData, stockMobId: number): YardMob | null {
  for (const pen of view.pens) {
    const mob = pen.contents.find((m) => m.stockMobId === stockMobId);
    if (mob) return mob;
  }
  return view.waiting.find((m) => m.stockMobId === stockMobId) ??
    view.arriving.find((m) => m.stockMobId === stockMobId) ?? null;
}

/** A status name in words: "ReadyToProcess" → "Ready to process". */
export const words = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/^./, (c) => c.toUpperCase());
