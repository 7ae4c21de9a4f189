/**
 * The kill agenda's rules that its islands run, in a module of their own: the planner imports these and
 * nothing else of the area, so its JavaScript carries no calendar or status tables it does not use
 * (rules.ts brings kernel/dates and kernel/enums; docs/performance.md keeps the planner under 95 KB).
 * rules.ts re-exports them for the server.
 */
import { formatHead } from "../../../kernel/format.ts";

/** "49½" for halves, "1,234" for wholes. */
export function formatCarcasses(value: number): string {
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return `${formatHead(whole)}${half ? "½" : ""}`;
}

/** Moves one element of a list to another place (the optimistic reorder, and the server's check). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const out = list.slice();
  const [moved] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, moved);
  return out;
}

// ---------- boxed lots: several orders killed as one ----------

/**
 * The day's cards: an item alone, or the consecutive items of one boxed lot (`lotOf` answers the item's
 * boxedLotRef, null when it is not boxed). The agenda keeps a lot's items side by side (rules.keepLotsTogether).
 */
export function groupsOf<T>(items: readonly T[], lotOf: (item: T) => string | null): T[][] {
  const out: T[][] = [];
  let last: string | null = null;
  for (const item of items) {
    const lot = lotOf(item);
    if (lot !== null && lot === last) out[out.length - 1].push(item);
    else out.push([item]);
    last = lot;
  }
  return out;
}

/** The card holding the item at `index` (past the end: one past the last card). */
function groupAt<T>(groups: readonly T[][], index: number): number {
  let seen = 0;
  for (const [g, group] of groups.entries()) {
    seen += group.length;
    if (index < seen) return g;
  }
  return groups.length;
}

/**
 * A drop within a day: the card holding item `from` goes to the place of the card holding item `to` (a
 * boxed lot moves whole and is never cut in two); without lots it is `moveTo`.
 */
export function moveGroup<T>(
  items: readonly T[],
  lotOf: (item: T) => string | null,
  from: number,
  to: number,
): T[] {
  const groups = groupsOf(items, lotOf);
  return moveTo(groups, groupAt(groups, from), groupAt(groups, to)).flat();
}

/** A drop from another day: `moved` (one card) goes before the card holding item `to` (past the end: last). */
export function insertGroup<T>(
  items: readonly T[],
  lotOf: (item: T) => string | null,
  moved: readonly T[],
  to: number,
): T[] {
  const groups = groupsOf(items, lotOf);
  groups.splice(groupAt(groups, to), 0, [...moved]);
  return groups.flat();
}
