/**
 * An order's history as sentences (issue 17): "Cancelled by Ann Lee: weather", then what changed in
 * words ("Head ordered 300 → 280; delivery date Tue 1 Dec 2026 → Wed 2 Dec 2026"), never field names,
 * status codes or JSON. Pure: the order page and its tests use it.
 */
import { formatDate } from "../../../../kernel/format.ts";
import { orderStatusText } from "../../../../kernel/enums.ts";

export interface HistoryLike {
  userName: string;
  action: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

const VERBS: Record<string, string> = {
  create: "Created",
  "create (split)": "Created by splitting an order",
  "create (recurring)": "Created as the next of a repeating order",
  cancel: "Cancelled",
  "cancel (series ended)": "Cancelled as its repeating series ended",
  reinstate: "Reinstated",
  delete: "Deleted",
  split: "Split",
  update: "Changed",
  "end recurring series": "Repeating series ended",
  "delivery load": "Load delivered, recorded",
  "head count corrected": "Head count corrected",
  "head balanced between mobs": "Head balanced between mobs",
};

const FIELD_WORDS: Record<string, string> = {
  quantityOrdered: "head ordered",
  declaredQuantity: "head declared",
  deliveryDate: "delivery date",
  deliveryTime: "delivery time",
  productionDate: "kill date",
  totalDelivered: "head delivered",
  totalDoa: "dead on arrival",
  orderStatus: "status",
  pricingGridGroupId: "price grid group",
  speciesCategoryId: "category",
  supplierId: "supplier",
  buyerId: "buyer",
  transportId: "transport",
  isMsaEligible: "MSA eligible",
  nvd: "NVD",
  pic: "PIC",
  notes: "notes",
};

/** "quantityOrdered" → "quantity ordered" when no better words are known. */
const words = (key: string) =>
  FIELD_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^mob (\d+)$/, "mob $1").toLowerCase();

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (key === "orderStatus" && typeof v === "string") return orderStatusText(v).toLowerCase();
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === "object") return "changed";
  return String(v);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The entry's sentence: what happened, who did it and why. */
export function historyTitle(h: HistoryLike): string {
  const verb = VERBS[h.action] ?? capital(h.action);
  return `${verb} by ${h.userName}${h.reason ? `: ${h.reason}` : ""}`;
}

/** What the entry changed, in words (null when there is nothing to add). */
export function historyDetail(h: HistoryLike): string | null {
  const b = (h.before && typeof h.before === "object" ? h.before : {}) as Record<string, unknown>;
  const a = (h.after && typeof h.after === "object" ? h.after : {}) as Record<string, unknown>;
  if (h.action.startsWith("create") || h.action === "delete") return null;
  const parts: string[] = [];
  const load = a.load as { head?: number; doa?: number; nvdNumber?: string; time?: string } | undefined;
  if (load) {
    parts.push(
      [
        `${load.head ?? 0} head`,
        load.doa ? `${load.doa} dead on arrival` : "",
        load.nvdNumber ? `NVD ${load.nvdNumber}` : "",
        load.time ? `at ${load.time}` : "",
      ].filter(Boolean).join(", "),
    );
  }
  for (const key of Object.keys(a)) {
    if (key === "load" || key === "stockMobId") continue;
    const after = value(key, a[key]);
    if (key in b) {
      const before = value(key, b[key]);
      if (before !== after) parts.push(`${capital(words(key))} ${before} → ${after}`);
    } else parts.push(`${capital(words(key))} ${after}`);
  }
  if (typeof a.stockMobId === "number") parts.unshift(`Mob ${a.stockMobId}`);
  return parts.length ? parts.join("; ") : null;
}
