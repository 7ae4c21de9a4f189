/**
 * Livestock boxing (issue 39 item 4): several small consignments of one species and day are yarded and
 * killed as ONE lot, and the lot's carcasses are shared back to each supplier's order afterwards. Pure
 * rules (no I/O): who may be boxed with whom, the lot's reference, and the allocation.
 *
 * The allocation (docs/decisions.md "Boxing orders into one lot"):
 * - How many: each order gets carcasses in proportion to its delivered live head (delivered − DOA), by
 *   largest remainder, so the counts sum exactly to the lot's carcasses (ties: the earlier order).
 * - Which: the carcasses are ranked heaviest first (body number breaks ties; wholly condemned ones,
 *   0 kg, come last) and dealt one at a time to the order furthest behind its share so far. Each share
 *   then runs across the whole weight range, so its average weight and grade mix are the lot's (no
 *   supplier gets the top or the tail of the kill), and condemned carcasses are shared the same way.
 * Every carcass goes to exactly one order; the same data always gives the same allocation.
 */
import { ORDER_STATUS } from "../../../../kernel/enums.ts";

/** An order of a boxed lot, as the allocation sees it. */
export interface LotOrder {
  id: number;
  totalDelivered: number;
  totalDoa: number;
}

/** A carcass of a boxed lot, as the allocation sees it. */
export interface LotCarcass {
  id: number;
  bodyNumber: number;
  hscwKg: number;
}

/** The head an order brings to the lot's share: delivered alive. */
export function liveHead(o: LotOrder): number {
  return Math.max(0, o.totalDelivered - o.totalDoa);
}

/**
 * Splits `total` into whole shares proportional to `weights` (largest remainder, ties to the earlier
 * weight). All weights 0: equal shares. The shares always sum to `total`.
 */
export function shareCounts(weights: readonly number[], total: number): number[] {
  if (!weights.length) return [];
  const w = weights.some((x) => x > 0) ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (x * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    counts[i]++;
    left--;
  }
  return counts;
}

/** Heaviest first, body number breaking ties: condemned carcasses (0 kg) at the end. */
export function rankCarcasses<C extends LotCarcass>(carcasses: readonly C[]): C[] {
  return [...carcasses].sort((a, b) => b.hscwKg - a.hscwKg || a.bodyNumber - b.bodyNumber || a.id - b.id);
}

/**
 * The lot's carcasses shared among its orders: order id → its carcasses (ranked). Orders are taken by
 * id; each gets exactly its `shareCounts` of carcasses, dealt in rank order to the order furthest
 * behind its share.
 */
export function allocateLot<C extends LotCarcass>(
  orders: readonly LotOrder[],
  carcasses: readonly C[],
): Map<number, C[]> {
  const sorted = [...orders].sort((a, b) => a.id - b.id);
  const ranked = rankCarcasses(carcasses);
  const n = ranked.length;
  const counts = shareCounts(sorted.map(liveHead), n);
  const given = sorted.map(() => 0);
  const shares = new Map<number, C[]>(sorted.map((o) => [o.id, []]));
  ranked.forEach((c, k) => {
    let best = -1;
    let bestBehind = -Infinity;
    for (let i = 0; i < sorted.length; i++) {
      if (given[i] >= counts[i]) continue;
      // how far behind its share the order is once this carcass is dealt
      const behind = ((k + 1) * counts[i]) / n - given[i];
      if (behind > bestBehind + 1e-9) {
        best = i;
        bestBehind = behind;
      }
    }
    given[best]++;
    shares.get(sorted[best].id)!.push(c);
  });
  return shares;
}

/** One order's share of its lot (empty when it is not in `orders`). */
export function shareOf<C extends LotCarcass>(
  orderId: number,
  orders: readonly LotOrder[],
  carcasses: readonly C[],
): C[] {
  return allocateLot(orders, carcasses).get(orderId) ?? [];
}

/** The boxed lot's reference: the host order's number, so a plant sees which order the lot lives on. */
export function boxedLotReference(hostOrderId: number): string {
  return `BOX-${hostOrderId}`;
}

/** An order as the boxing rules check it. */
export interface BoxCandidate {
  id: number;
  speciesId: number;
  tenantSiteId: number | null;
  deliveryDate: string;
  orderStatus: number;
  totalDelivered: number;
}

/** Delivered (some head arrived), not cancelled nor finalised: it may be boxed. */
export function isBoxable(o: BoxCandidate): boolean {
  return o.totalDelivered > 0 && o.orderStatus !== ORDER_STATUS.Cancelled &&
    o.orderStatus < ORDER_STATUS.Processed;
}

/**
 * Why these orders cannot form one lot, in plain words, or null: every one delivered, and all of one
 * species, one site and one delivery day.
 */
export function boxingProblem(orders: readonly BoxCandidate[]): string | null {
  if (orders.length < 2) return "Choose two or more orders to box together.";
  const notDelivered = orders.find((o) => !isBoxable(o));
  if (notDelivered) return `Order ${notDelivered.id} has not been delivered (or is already processed).`;
  const [first] = orders;
  if (orders.some((o) => o.speciesId !== first.speciesId)) return "Only orders of one species can be boxed.";
  if (orders.some((o) => o.tenantSiteId !== first.tenantSiteId)) {
    return "Only orders of one site can be boxed.";
  }
  if (orders.some((o) => o.deliveryDate !== first.deliveryDate)) {
    return "Only orders delivered on the same day can be boxed.";
  }
  return null;
}
