/**
 * Matching NVDs to orders (issue 39 item 5), without I/O. An NVD is matched first by its serial number
 * (the order's NVD number, or a delivery load's), then by the PIC it came from and its date within
 * MATCH_WINDOW_DAYS of the order's delivery. Suggestions are ranked, each with its reason in words; an
 * order already holding an NVD is never suggested. A matched NVD whose head differs from the head
 * delivered is a mismatch the page lists.
 */
import { daysBetween } from "../../../../kernel/dates.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";

/** How many days apart an NVD's date and an order's delivery may be and still be suggested by PIC. */
export const MATCH_WINDOW_DAYS = 3;
/** The most suggestions shown for one NVD. */
export const MAX_SUGGESTIONS = 3;

export interface NvdFacts {
  serialNumber: string;
  pic: string;
  nvdDate: string;
  head: number;
}

export interface CandidateOrder {
  id: number;
  /** the order's NVD number (blank when none was typed) */
  nvd: string;
  /** the NVD numbers its delivery loads were recorded with */
  loadNvdNumbers: string[];
  pic: string;
  deliveryDate: string;
  /** head delivered so far (0 before the truck arrives) */
  totalDelivered: number;
  quantityOrdered: number;
  /** an NVD is already linked to it */
  isLinkedNvd: boolean;
}

export interface Suggestion {
  livestockOrderId: number;
  /** higher is better: 100 a serial match, up to 70 a PIC and date match */
  score: number;
  /** why, in words: "Serial number 1234567A matches the order's NVD number" */
  reason: string;
}

/** A serial or PIC as compared: capitals, no spaces, dashes or dots ("3abc-123 4" → "3ABC1234"). */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s\-./]/g, "");
}

/** The head the NVD is compared with: what came off the truck (delivered), else what was ordered. */
export function headToCompare(order: Pick<CandidateOrder, "totalDelivered" | "quantityOrdered">): number {
  return order.totalDelivered > 0 ? order.totalDelivered : order.quantityOrdered;
}

/** Why one order could be this NVD's, or null when it could not. */
export function suggestionFor(nvd: NvdFacts, order: CandidateOrder): Suggestion | null {
  if (order.isLinkedNvd) return null;
  const serial = normalizeCode(nvd.serialNumber);
  if (serial) {
    if (normalizeCode(order.nvd) === serial) {
      return {
        livestockOrderId: order.id,
        score: 100,
        reason: `Serial number ${nvd.serialNumber} matches the order's NVD number`,
      };
    }
    if (order.loadNvdNumbers.some((n) => normalizeCode(n) === serial)) {
      return {
        livestockOrderId: order.id,
        score: 95,
        reason: `Serial number ${nvd.serialNumber} matches a delivery load's NVD number`,
      };
    }
  }
  const pic = normalizeCode(nvd.pic);
  if (!pic || normalizeCode(order.pic) !== pic) return null;
  const apart = Math.abs(daysBetween(nvd.nvdDate, order.deliveryDate));
  if (apart > MATCH_WINDOW_DAYS) return null;
  const head = headToCompare(order);
  const sameHead = head === nvd.head;
  const when = apart === 0 ? "the delivery day" : `${apart} day${apart === 1 ? "" : "s"} from the delivery`;
  return {
    livestockOrderId: order.id,
    score: 60 - apart * 5 + (sameHead ? 10 : 0),
    reason: `PIC ${order.pic} matches; dated ${formatDate(nvd.nvdDate)}, ${when}` +
      (sameHead ? `; ${formatHead(head)} head as on the order` : `; ${formatHead(head)} head on the order`),
  };
}

/** The orders that could be this NVD's, best first (then the nearer delivery, then the lower id). */
export function suggestOrders(nvd: NvdFacts, orders: readonly CandidateOrder[]): Suggestion[] {
  const byId = new Map(orders.map((o) => [o.id, o]));
  return orders.map((o) => suggestionFor(nvd, o)).filter((s): s is Suggestion => s !== null)
    .sort((a, b) =>
      b.score - a.score ||
      Math.abs(daysBetween(nvd.nvdDate, byId.get(a.livestockOrderId)!.deliveryDate)) -
        Math.abs(daysBetween(nvd.nvdDate, byId.get(b.livestockOrderId)!.deliveryDate)) ||
      a.livestockOrderId - b.livestockOrderId
    ).slice(0, MAX_SUGGESTIONS);
}

/**
 * The one order an arriving NVD is matched to without asking: the only order whose NVD number (or a
 * load's) is its serial. Anything less sure waits for a person.
 */
export function automaticMatch(nvd: NvdFacts, orders: readonly CandidateOrder[]): Suggestion | null {
  const sure = orders.map((o) => suggestionFor(nvd, o)).filter((s): s is Suggestion =>
    s !== null && s.score >= 95
  );
  return sure.length === 1 ? sure[0] : null;
}

/** The difference between an NVD's head and the order's delivered head, or null when they agree or nothing is delivered yet. */
export function headDifference(nvdHead: number, totalDelivered: number): number | null {
  if (totalDelivered <= 0 || nvdHead === totalDelivered) return null;
  return totalDelivered - nvdHead;
}

/** The mismatch in words: "NVD 120 head, delivered 118 (2 fewer)". */
export function headDifferenceWords(nvdHead: number, totalDelivered: number): string {
  const diff = totalDelivered - nvdHead;
  const how = diff < 0 ? `${formatHead(-diff)} fewer` : `${formatHead(diff)} more`;
  return `NVD ${formatHead(nvdHead)} head, delivered ${formatHead(totalDelivered)} (${how})`;
}

/** What a user typed for an NVD, checked: the problems by field (empty when it is fine). */
export function nvdProblems(nvd: NvdFacts): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!normalizeCode(nvd.serialNumber)) {
    problems.push({ field: "serialNumber", message: "Type the NVD's serial number" });
  }
  const pic = normalizeCode(nvd.pic);
  if (pic && !/^[A-Z0-9]{8}$/.test(pic)) {
    problems.push({ field: "pic", message: "A PIC has 8 letters and digits" });
  }
  if (nvd.head < 1) problems.push({ field: "head", message: "Type the head the NVD declares" });
  return problems;
}
