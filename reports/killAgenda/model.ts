/**
 * The kill agenda documents' content (spec 1 §2 killagendareport, killagendacontrolleddocument): the
 * day's lots grouped by species with totals, and for the controlled document its control block. One
 * model feeds the print-ready HTML page and the PDF, so the two cannot differ. A boxed lot (several orders
 * killed as one, issue 39 item 4) is one line, as on the planner, with its orders beneath it.
 */
import type { z } from "@hono/zod-openapi";
import type { KillAgenda } from "../../server/areas/killAgenda/schemas.ts";
import { formatCarcasses, groupsOf } from "../../server/areas/killAgenda/rules.ts";
import { formatDate, formatHead } from "../../kernel/format.ts";
import { todayIn } from "../../kernel/dates.ts";

type Agenda = z.output<typeof KillAgenda>;
type Item = Agenda["items"][number];

/** A line's cells, one per column. */
export interface ReportCells {
  killOrder: string;
  lot: string;
  supplier: string;
  pic: string;
  head: string;
  carcasses: string;
  pens: string;
  status: string;
  delivery: string;
  notes: string;
}

export interface ReportRow extends ReportCells {
  /** a boxed lot's orders, in kill order: a line each beneath the lot's line (which sums them) */
  orders?: ReportCells[];
  /** a boxed lot's orders that are not on this day, in words ("Order 41 (Hill Farm) is planned for Fri 4 Dec") */
  missing?: string[];
}

export interface ReportGroup {
  species: string;
  /**
   * the lots it lists: one per row (an order's mobs are told apart by suffixes, each its own row; a boxed
   * lot is one row however many orders it holds)
   */
  lots: number;
  killFloor: string;
  rows: ReportRow[];
  head: string;
  carcasses: string;
  target: string;
}

export interface AgendaReport {
  title: string;
  date: string;
  site: string;
  generatedAt: string;
  groups: ReportGroup[];
  totalHead: string;
  totalLots: number;
}

export interface ControlBlock {
  documentNumber: string;
  version: string;
  issueDate: string;
  /** who signs, in order */
  approvals: string[];
}

/** `narrow`: left out on a narrow screen (a 1024 px plant PC); paper always has them. */
export const REPORT_COLUMNS: {
  key: keyof ReportCells;
  label: string;
  width: number;
  align?: "right";
  narrow?: false;
}[] = [
  { key: "killOrder", label: "#", width: 4 },
  { key: "lot", label: "Lot", width: 12 },
  { key: "supplier", label: "Supplier", width: 22 },
  { key: "pic", label: "PIC", width: 10, narrow: false },
  { key: "head", label: "Head", width: 7, align: "right" },
  { key: "carcasses", label: "Est. carcasses", width: 9, align: "right" },
  { key: "pens", label: "Pens", width: 8, narrow: false },
  { key: "status", label: "Status", width: 12 },
  { key: "delivery", label: "Delivered", width: 9, narrow: false },
  { key: "notes", label: "Notes", width: 7 },
];

/** `generatedAt`: when, as the plant reads it ("23 Nov 2026, 6:05 am"). */
export function agendaReport(
  title: string,
  agendas: readonly Agenda[],
  date: string,
  generatedAt: string,
): AgendaReport {
  const groups = agendas.filter((a) => a.items.length).map((a) => {
    const rows = groupsOf(a.items, (i) => i.boxedLotRef).map((card) =>
      card[0].boxedLotRef ? boxedLotRow(card[0].boxedLotRef, card, a.boxedLots) : itemsRow(card)
    );
    return {
      species: a.species,
      lots: rows.length,
      killFloor: a.siteLocationName ?? "",
      rows,
      head: formatHead(a.totals.head),
      carcasses: formatCarcasses(a.totals.estimatedCarcasses),
      target: a.totals.target ? formatHead(a.totals.target) : "—",
    };
  });
  return {
    title,
    date: formatDate(date),
    site: [...new Set(agendas.map((a) => a.siteName).filter(Boolean))].join(", "),
    generatedAt,
    groups,
    totalHead: formatHead(agendas.reduce((n, a) => n + a.totals.head, 0)),
    totalLots: groups.reduce((n, g) => n + g.lots, 0),
  };
}

/** Each value once, in the order first met. */
const distinct = (values: readonly string[]) => [...new Set(values.filter(Boolean))];

/** The kill order numbers of consecutive items: "3", or "3–4" for a lot of several. */
function killOrders(items: readonly Item[]): string {
  const first = items[0].killAgendaOrderNumber;
  const last = items[items.length - 1].killAgendaOrderNumber;
  return first === last ? String(first) : `${first}–${last}`;
}

/** The items' lots: "S2411-03", an order's mobs by their suffixes "S2411-03 A, B". */
function lotsOf(items: readonly Item[]): string {
  return [...Map.groupBy(items, (i) => i.agendaLotReference)]
    .map(([lot, mobs]) => `${lot} ${distinct(mobs.map((m) => m.agendaLotReferenceSuffix)).join(", ")}`.trim())
    .join("; ");
}

/** One line of items read together (an item alone, or an order's items within a boxed lot), summed. */
function itemsRow(items: readonly Item[]): ReportCells {
  return {
    killOrder: killOrders(items),
    lot: lotsOf(items),
    supplier: items[0].supplierName,
    pic: distinct(items.map((i) => i.pic)).join(", "),
    head: formatHead(items.reduce((n, i) => n + i.numberOfHead, 0)),
    carcasses: formatCarcasses(items.reduce((n, i) => n + i.estimatedCarcasses, 0)),
    pens: distinct(items.flatMap((i) => i.pens)).join(", "),
    status: distinct(items.map((i) => i.status)).join(", "),
    delivery: distinct(items.map((i) => formatDate(i.deliveryDate, false))).join(", "),
    notes: [
      items.every((i) => i.isMsaEligible) ? "MSA" : "",
      items.some((i) => i.isPartiallyDelivered) ? "Part" : "",
    ].filter(Boolean).join(" "),
  };
}

/**
 * A boxed lot: one line with the lot's reference and its head summed, and beneath it a line per order
 * (its lot, supplier and order number, head), in kill order, so the floor sees who is in the lot, and
 * which of its orders are not on the day.
 */
function boxedLotRow(ref: string, items: readonly Item[], lots: Agenda["boxedLots"]): ReportRow {
  const byOrder = Map.groupBy(items, (i) => i.livestockOrderId);
  const orders = [...byOrder].map(([id, mine]) => {
    const row = itemsRow(mine);
    return { ...row, killOrder: "", supplier: `${row.supplier} · order ${id}` };
  });
  const all = itemsRow(items);
  return {
    ...all,
    lot: ref,
    supplier: `Boxed lot of ${byOrder.size} order${byOrder.size === 1 ? "" : "s"}`,
    pic: "",
    notes: "",
    orders,
    missing: lots.find((l) => l.boxedLotRef === ref)?.missing ?? [],
  };
}

/**
 * The control block a food-safety audit looks for: a document number per site, species and day, the
 * version (the agenda's revision: it goes up with every change after the first print) and sign-offs.
 */
export function controlBlock(
  agenda: Pick<Agenda, "id" | "productionDate" | "revision" | "printedAt">,
  timeZone: string,
  now: Date,
): ControlBlock {
  return {
    documentNumber: `KA-${agenda.productionDate.replaceAll("-", "")}-${String(agenda.id).padStart(4, "0")}`,
    version: String(agenda.revision),
    // the plant's day it was first printed (a 6 am print in Sydney is the day before in UTC)
    issueDate: formatDate(todayIn(timeZone, agenda.printedAt ? new Date(agenda.printedAt) : now)),
    approvals: [
      "Prepared by (livestock office)",
      "Checked by (QA officer)",
      "Received by (kill floor supervisor)",
    ],
  };
}
