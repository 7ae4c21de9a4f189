/**
 * The kill agenda documents' content (spec 1 §2 killagendareport, killagendacontrolleddocument): the
 * day's lots grouped by species with totals, and for the controlled document its control block. One
 * model feeds the print-ready HTML page and the PDF, so the two cannot differ.
 */
import type { z } from "@hono/zod-openapi";
import type { KillAgenda } from "../../server/areas/killAgenda/schemas.ts";
import { formatCarcasses } from "../../server/areas/killAgenda/rules.ts";
import { formatDate, formatHead } from "../../kernel/format.ts";
import { todayIn } from "../../kernel/dates.ts";

type Agenda = z.output<typeof KillAgenda>;

export interface ReportRow {
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

export interface ReportGroup {
  species: string;
  /** the lots it lists: one per row (an order's mobs are told apart by suffixes, each its own row) */
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
  key: keyof ReportRow;
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
  const groups = agendas.filter((a) => a.items.length).map((a) => ({
    species: a.species,
    lots: a.items.length,
    killFloor: a.siteLocationName ?? "",
    rows: a.items.map((i) => ({
      killOrder: String(i.killAgendaOrderNumber),
      lot: `${i.agendaLotReference}${i.agendaLotReferenceSuffix ? ` ${i.agendaLotReferenceSuffix}` : ""}`,
      supplier: i.supplierName,
      pic: i.pic,
      head: formatHead(i.numberOfHead),
      carcasses: formatCarcasses(i.estimatedCarcasses),
      pens: i.pens.join(", "),
      status: i.status,
      delivery: formatDate(i.deliveryDate, false),
      notes: [i.isMsaEligible ? "MSA" : "", i.isPartiallyDelivered ? "Part" : ""].filter(Boolean).join(" "),
    })),
    head: formatHead(a.totals.head),
    carcasses: formatCarcasses(a.totals.estimatedCarcasses),
    target: a.totals.target ? formatHead(a.totals.target) : "—",
  }));
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
