/**
 * What the plant's systems were sent, against the day as it is now (pure: no I/O). A sent day that
 * changes says how ("changed since sent: 3 lots moved, 1 merge"), and before sending, the lots that are
 * not ready (not delivered, yard checks to do, no NVD) are listed for the user to confirm.
 */
import type { SentLot } from "../../../db/tenant/killAgenda.ts";

export type { SentLot };

export interface SentChanges {
  /** lots whose place in the kill order changed (the fewest that explain the new order) */
  moved: number;
  /** mobs the plant was sent that were merged into another mob of their order */
  merged: number;
  added: number;
  removed: number;
  /** expected orders the plant was sent that have been delivered since */
  delivered: number;
  /** lots whose head changed (other than by a merge) */
  headChanged: number;
  /** "3 lots moved, 1 merge" */
  summary: string;
}

/** Follows merges: the mob a sent mob id now lives in (the id itself when never merged). */
export function survivorOf(mobId: number, mergedInto: ReadonlyMap<number, number>): number {
  let id = mobId;
  // a chain of merges (A into B, B into C) ends at C; the bound stops a cycle written by mistake
  for (let hops = 0; hops < 50 && mergedInto.has(id); hops++) id = mergedInto.get(id)!;
  return id;
}

const keyOf = (l: Pick<SentLot, "stockMobId" | "livestockOrderId">) =>
  l.stockMobId ? `m:${l.stockMobId}` : `o:${l.livestockOrderId}`;

/** How the day's lots differ from the ones sent; null when the plant has the day as it is. */
export function changesSinceSent(
  sent: readonly SentLot[],
  now: readonly SentLot[],
  mergedInto: ReadonlyMap<number, number>,
): SentChanges | null {
  const nowIndex = new Map(now.map((l, i) => [keyOf(l), i]));
  const matchedNow = new Set<number>();
  const sentHead = new Map<number, number>();
  let merged = 0;
  let removed = 0;
  let delivered = 0;
  /** positions now of the sent lots still there, in the order they were sent */
  const positions: number[] = [];
  for (const lot of sent) {
    const survivor = lot.stockMobId ? survivorOf(lot.stockMobId, mergedInto) : null;
    const key = survivor ? `m:${survivor}` : keyOf(lot);
    let at = nowIndex.get(key);
    if (at === undefined && !lot.stockMobId) {
      // an expected order delivered since: its first mob now on the day stands in its place
      at = now.findIndex((l, i) => l.livestockOrderId === lot.livestockOrderId && !matchedNow.has(i));
      if (at >= 0) delivered++;
      else at = undefined;
    }
    if (survivor !== null && survivor !== lot.stockMobId) merged++;
    if (at === undefined) {
      if (survivor === null || survivor === lot.stockMobId) removed++;
      continue;
    }
    sentHead.set(at, (sentHead.get(at) ?? 0) + lot.head);
    if (matchedNow.has(at)) continue; // merged into a lot already counted
    matchedNow.add(at);
    positions.push(at);
  }
  const added = now.length - matchedNow.size;
  const moved = positions.length - longestIncreasing(positions);
  let headChanged = 0;
  for (const [at, head] of sentHead) if (now[at].head !== head) headChanged++;
  const changes = { moved, merged, added, removed, delivered, headChanged };
  const summary = describe(changes);
  return summary ? { ...changes, summary } : null;
}

function describe(c: Omit<SentChanges, "summary">): string {
  const count = (n: number, one: string, many: string) => (n ? [`${n} ${n === 1 ? one : many}`] : []);
  return [
    ...count(c.moved, "lot moved", "lots moved"),
    ...count(c.merged, "merge", "merges"),
    ...count(c.delivered, "lot delivered", "lots delivered"),
    ...count(c.added, "lot added", "lots added"),
    ...count(c.removed, "lot removed", "lots removed"),
    ...count(c.headChanged, "head count changed", "head counts changed"),
  ].join(", ");
}

/** The length of the longest strictly increasing run (not necessarily adjacent) of `xs`. */
function longestIncreasing(xs: readonly number[]): number {
  const tails: number[] = [];
  for (const x of xs) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
}

// ---------- ready to send ----------

export type NotReadyReason = "undelivered" | "checksToDo" | "noNvd";

export interface LotReadiness {
  /** no mob yet: the order is expected */
  delivered: boolean;
  /** the mob's yard checks not yet ticked (names) */
  checksToDo: readonly string[];
  /** the order's NVD number */
  nvd: string;
  /** at the kill floor already: the yard is done with it */
  atKillFloor: boolean;
}

/** Why a lot is not ready for the plant, in plain words (empty: ready). */
export function notReadyProblems(l: LotReadiness): { reasons: NotReadyReason[]; problems: string[] } {
  if (!l.delivered) return { reasons: ["undelivered"], problems: ["not delivered"] };
  const reasons: NotReadyReason[] = [];
  const problems: string[] = [];
  if (l.checksToDo.length && !l.atKillFloor) {
    reasons.push("checksToDo");
    problems.push(`checks to do: ${l.checksToDo.join(", ")}`);
  }
  if (!l.nvd.trim()) {
    reasons.push("noNvd");
    problems.push("no NVD");
  }
  return { reasons, problems };
}
