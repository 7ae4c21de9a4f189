/**
 * One mob's carcasses on the kill floor page, a page at a time in kill order, each with a link to its
 * correction; and the correction form's fields (a reason is always asked for: the change is audited).
 */
import { Pager } from "../../../../client/ui/Pager.tsx";
import { plural } from "../../../../client/ui/plural.ts";
import { type Column, Table } from "../../../../client/ui/Table.tsx";
import type { FieldSpec } from "../../../../client/ui/formRules.ts";
import type { carcassPage } from "../queries.ts";
import { CONDEMNED } from "../rules.ts";

export const PAGE_SIZE = 100;

type Page = Awaited<ReturnType<typeof carcassPage>>;
type Row = Page["rows"][number];

const CONDEMNED_WORDS: Record<string, string> = {
  none: "Passed",
  part: "Part condemned",
  whole: "Condemned",
};

export const correctionFields: FieldSpec[] = [
  { name: "hscwKg", label: "HSCW (kg)", type: "number", required: true },
  { name: "fatDepthMm", label: "Fat depth (mm)", type: "number" },
  { name: "fatScore", label: "Fat score (1–6)", type: "number" },
  { name: "gradeCode", label: "Grade", type: "text" },
  { name: "dentition", label: "Dentition (0–8)", type: "number" },
  {
    name: "condemned",
    label: "Condemned",
    type: "select",
    options: CONDEMNED.map((c) => ({ value: c, label: CONDEMNED_WORDS[c] })),
  },
  { name: "condemnedReason", label: "Condemned because", type: "text" },
  { name: "trimKg", label: "Trim (kg)", type: "number" },
  {
    name: "reason",
    label: "Why the correction",
    type: "textarea",
    required: true,
    help: "Kept in the audit trail",
  },
];

export function CarcassTable({ mob, page, pageNumber, link, correctLink }: {
  mob: { lot: string; supplierName: string; processed: number };
  page: Page;
  pageNumber: number;
  link: (page: number) => string;
  /** null: the caller may not correct (module killFloorCorrections) */
  correctLink: ((carcassId: number) => string) | null;
}) {
  const columns: Column<Row>[] = [
    { header: "Body", cell: (c) => c.bodyNumber },
    { header: "RFID", cell: (c) => <span className="nowrap">{c.rfid ?? "—"}</span> },
    { header: "Sex, teeth", cell: (c) => `${c.sex ?? "—"} · ${c.dentition ?? "—"}` },
    { header: "HSCW", cell: (c) => (c.condemned === "whole" ? "—" : c.hscwKg.toFixed(1)) },
    {
      header: "Fat",
      cell: (
        c,
      ) => (c.fatDepthMm == null
        ? "—"
        : <span className="nowrap">{c.fatDepthMm} · {c.fatScore ?? "—"}</span>),
    },
    { header: "Grade", cell: (c) => c.gradeCode ?? "—" },
    { header: "MSA", cell: (c) => (c.msaIndex == null ? "—" : c.msaIndex.toFixed(1)) },
    {
      header: "Notes",
      cell: (c) =>
        c.condemned === "none"
          ? (c.defects.length ? c.defects.join(", ") : "—")
          : `${CONDEMNED_WORDS[c.condemned]}: ${c.condemnedReason ?? ""}`,
    },
    { header: "Skin", cell: (c) => c.skinGrade ?? "—" },
    ...(correctLink
      ? [{
        header: "Actions",
        srOnly: true,
        cell: (c: Row) => (
          <a href={correctLink(c.id)} aria-label={`Correct body ${c.bodyNumber}`}>
            {c.isCorrected ? "Corrected" : "Correct"}
          </a>
        ),
      }]
      : []),
  ];
  return (
    <section id="carcasses" aria-labelledby="carcasses-title">
      <h3 id="carcasses-title">
        Lot {mob.lot} · {mob.supplierName} · {plural(mob.processed, "carcass", "carcasses")}
      </h3>
      <p className="muted small">HSCW in kg; fat as depth (mm) · AUS-MEAT score; MSA index.</p>
      <div className="compact-table">
        <Table
          columns={columns}
          rows={page.rows}
          rowKey={(c) => c.id}
          empty="No carcass recorded yet."
        />
      </div>
      <Pager
        offset={(pageNumber - 1) * PAGE_SIZE}
        pageSize={PAGE_SIZE}
        total={page.total}
        what="carcasses"
        link={(offset) => link(offset / PAGE_SIZE + 1)}
      />
    </section>
  );
}
