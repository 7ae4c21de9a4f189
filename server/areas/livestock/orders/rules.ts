/**
 * Pure order rules (spec 1 §3 derived values, §4 actions, §5): no I/O, shared by the services, the pages
 * and tests. The "why not" of each refused action is a sentence the user sees.
 */
import { ORDER_STATUS, RECURRENCE_DAYS, type RecurrenceFrequency } from "../../../../kernel/enums.ts";
import { addDays } from "../../../../kernel/dates.ts";

export interface OrderCounts {
  orderStatus: number;
  quantityOrdered: number;
  totalDelivered: number;
  totalDoa: number;
  totalUnloaded: number;
}

/** Live delivered = delivered − DOA (spec 1 §3). */
export const liveDelivered = (o: OrderCounts) => o.totalDelivered - o.totalDoa;

/** Remainder to unload = live delivered − unloaded. */
export const remainderToUnload = (o: OrderCounts) => liveDelivered(o) - o.totalUnloaded;

/** Unloaded: nothing left to unload and the status at least Verified. */
export const isUnloaded = (o: OrderCounts) =>
  remainderToUnload(o) === 0 && o.orderStatus >= ORDER_STATUS.Verified;

export const isCancelled = (o: Pick<OrderCounts, "orderStatus">) => o.orderStatus === ORDER_STATUS.Cancelled;

export const isPartiallyDelivered = (o: Pick<OrderCounts, "totalDelivered" | "quantityOrdered">) =>
  o.totalDelivered > 0 && o.totalDelivered < o.quantityOrdered;

/** Head still to come: ordered less delivered, never negative. */
export const undeliveredHead = (o: OrderCounts) => Math.max(0, o.quantityOrdered - o.totalDelivered);

/** The status of a new or edited order that nothing has happened to yet. */
export function initialStatus(orderConfirmed: boolean): number {
  return orderConfirmed ? ORDER_STATUS.Confirmed : ORDER_STATUS.Ordered;
}

/**
 * The status after the delivered head changed: below Delivered it follows the counts (partially or
 * fully delivered, or back to ordered/confirmed when a correction takes it to nothing); from
 * Verified on, the yard owns the status and it stays.
 */
export function statusForDelivered(o: OrderCounts & { orderConfirmed: boolean }): number {
  if (o.orderStatus >= ORDER_STATUS.Verified || isCancelled(o)) return o.orderStatus;
  if (o.totalDelivered <= 0) return initialStatus(o.orderConfirmed);
  return o.totalDelivered >= o.quantityOrdered ? ORDER_STATUS.Delivered : ORDER_STATUS.PartiallyDelivered;
}

/** Why an order cannot be cancelled, or null when it can (nothing delivered yet). */
export function whyNotCancel(o: OrderCounts): string | null {
  if (isCancelled(o)) return "This order is already cancelled.";
  if (o.totalDelivered > 0) {
    return "Head have been delivered on this order: correct the head count instead of cancelling.";
  }
  return null;
}

export function whyNotReinstate(o: OrderCounts): string | null {
  return isCancelled(o) ? null : "Only a cancelled order can be reinstated.";
}

/**
 * Delete is for orders entered by mistake: only while nothing was delivered and no load recorded
 * (a cancelled order may be deleted too). Anything delivered keeps its history.
 */
export function whyNotDelete(o: OrderCounts, loads: number): string | null {
  if (o.totalDelivered > 0 || loads > 0) {
    return "Head have been delivered on this order, so it cannot be deleted: cancel or correct it instead.";
  }
  return null;
}

/** Why the order cannot be split into one of `quantity` head, or null. */
export function whyNotSplit(o: OrderCounts, quantity: number): string | null {
  if (isCancelled(o)) return "A cancelled order cannot be split.";
  if (o.orderStatus >= ORDER_STATUS.Verified) {
    return "This order is already in the yards and cannot be split.";
  }
  const open = undeliveredHead(o);
  if (open < 2 || o.quantityOrdered < 2) return "There are not enough undelivered head to split.";
  if (quantity < 1 || quantity >= o.quantityOrdered || quantity > open) {
    return `Split between 1 and ${Math.min(open, o.quantityOrdered - 1)} head.`;
  }
  return null;
}

/** Why a delivery load cannot be added, or null. */
export function whyNotDeliver(o: OrderCounts): string | null {
  if (isCancelled(o)) return "This order is cancelled: reinstate it before recording a delivery.";
  if (o.orderStatus >= ORDER_STATUS.Processed) return "This order is already processed.";
  return null;
}

/** Order date rule (spec 1 §5): no buyer, no order date; a buyer without a date orders today. */
export function orderDateFor(
  buyerId: number | null | undefined,
  orderDate: string | null | undefined,
  today: string,
) {
  if (!buyerId) return null;
  return orderDate || today;
}

export { addDays };

/** A recurring series never creates more than a year of weekly orders in one go. */
export const MAX_RECURRENCES = 52;

/**
 * Delivery dates of the orders a recurring order creates after the first: every interval after
 * `first`, up to and including `endDate`.
 */
export function recurrenceDates(
  first: string,
  frequency: RecurrenceFrequency,
  endDate: string | null,
): string[] {
  const step = RECURRENCE_DAYS[frequency];
  if (!step || !endDate || endDate <= first) return [];
  const dates: string[] = [];
  for (let d = addDays(first, step); d <= endDate && dates.length < MAX_RECURRENCES; d = addDays(d, step)) {
    dates.push(d);
  }
  return dates;
}

/** Several mobs of an order re-counted: the total must stay the same (else it is a correction). */
export function whyNotBalance(before: number[], after: number[]): string | null {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(before) !== sum(after)) {
    return `The mobs must still hold ${sum(before)} head in total (now ${
      sum(after)
    }); use a head-count correction to change the total.`;
  }
  if (before.every((h, i) => h === after[i])) return "These mobs already hold those head counts.";
  return null;
}

/** Spec 1 §5: separated head resets to 0 when it exceeds the mob's head. */
export const separatedHeadAfter = (separated: number, head: number) => (separated > head ? 0 : separated);

/**
 * A load that takes the order this far past what was ordered is checked with the user first (a truck can
 * carry more than ordered, a typo of 9,999 should not pass unseen): over by more than 10 % and 5 head.
 */
export function overDeliveryProblem(o: OrderCounts, head: number): string | null {
  const delivered = o.totalDelivered + head;
  const tolerance = Math.max(5, Math.ceil(o.quantityOrdered * 0.1));
  if (delivered <= o.quantityOrdered + tolerance) return null;
  return `That makes ${delivered.toLocaleString("en-AU")} head delivered on an order of ${
    o.quantityOrdered.toLocaleString("en-AU")
  }. Check the head on the truck, or tick "More than ordered" to record it anyway.`;
}
