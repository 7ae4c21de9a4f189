/**
 * The skin records' table (used by Skin Grade's lists and reports) and the Hide Report (spec 1 §2 reports
 * hidereporting): the cattle hides counted in a period, lot by lot with grades, price and value, and the
 * totals by supplier — a document that prints. Server-rendered: no React in the browser.
 */
import { z } from "zod";
import { formatDate } from "../../../../kernel/format.ts";
import { plural } from "../../../../client/ui/plural.ts";
import { PeriodForm } from "../../../../client/ui/PeriodForm.tsx";
import { isoDate } from "../../../http/validation.ts";
import { formatCents } from "../../../../kernel/money.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { gradeLabel, SKIN_GRADES } from "../rules.ts";
import { SKIN_PATHS as PATHS } from "../paths.ts";
import type { SkinRecord } from "../schemas.ts";
import { pageAreaContext } from "../../context.ts";
import { completedSkins, gradingSpecies } from "../counts.ts";

const CATTLE = 2;

/** A grade's column header, short so a table of grades fits 1024 px ("Gr 1", "Rej."). */
function GradeHeader({ grade }: { grade: string }) {
  return (
    <th className="num">
      <abbr title={gradeLabel(grade)}>{grade === "reject" ? "Rej." : `Gr ${grade}`}</abbr>
    </th>
  );
}

const gradeCounts = (rows: SkinRecord[]) =>
  Object.fromEntries(SKIN_GRADES.map((g) => [g, rows.reduce((n, r) => n + (r.counts[g] ?? 0), 0)]));

const invoiceWords = (r: SkinRecord) =>
  r.invoiceId === null
    ? "Not invoiced"
    : r.invoiceStatus === "Draft"
    ? "Draft"
    : `${r.invoiceNumber} (${r.invoiceStatus?.toLowerCase()})`;

export function SkinRecordTable({ rows, empty, countHref, orderHref, showValue, totals, grades = true }: {
  rows: SkinRecord[];
  empty: string;
  countHref?: (r: SkinRecord) => string;
  orderHref?: (r: SkinRecord) => string;
  showValue?: boolean;
  totals?: boolean;
  /** a column per grade (false: only what is counted of the head) */
  grades?: boolean;
}) {
  const sum = gradeCounts(rows);
  const gradeColumns = grades ? SKIN_GRADES : [];
  const columns = 4 + gradeColumns.length + (showValue ? 1 : 0) + (countHref ? 1 : 0);
  return (
    <div className="table-wrap">
      <table className="table table-compact">
        <thead>
          <tr>
            <th>Lot</th>
            <th>Supplier</th>
            {gradeColumns.map((g) => <GradeHeader key={g} grade={g} />)}
            <th className="num">{grades ? "Total" : "Counted"}</th>
            {showValue && <th className="num">Value</th>}
            <th>Invoice</th>
            {countHref && (
              <th className="no-print">
                <span className="sr-only">Count</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.livestockOrderId}:${r.productionDate}`}>
              <td>
                <span className="nowrap">
                  {orderHref ? <a href={orderHref(r)}>{r.lotReference || "—"}</a> : r.lotReference || "—"}
                </span>
                <div className="muted small nowrap">
                  {formatDate(r.productionDate, false)} · {r.speciesCategory}
                </div>
              </td>
              <td>{r.supplierName}</td>
              {gradeColumns.map((g) => <td key={g} className="num">{r.counts[g] ?? ""}</td>)}
              <td className="num nowrap">
                {grades ? r.totalCounted : `${r.totalCounted} of ${r.totalToProcess}`}
              </td>
              {showValue && (
                <td className="num">
                  {r.valueCents === null ? "No price" : formatCents(r.valueCents)}
                  {r.unpricedGrades.length > 0 && (
                    <div className="muted small">
                      No price for {r.unpricedGrades.map(gradeLabel).join(", ")}
                    </div>
                  )}
                </td>
              )}
              <td className="small">{invoiceWords(r)}</td>
              {countHref && (
                <td className="no-print">
                  <a
                    href={countHref(r)}
                    aria-label={`Count lot ${r.lotReference} killed ${formatDate(r.productionDate)}`}
                  >
                    Count
                  </a>
                </td>
              )}
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={columns} className="muted">{empty}</td>
            </tr>
          )}
        </tbody>
        {totals && rows.length > 0 && (
          <tfoot>
            <tr>
              <th colSpan={2}>Total ({plural(rows.length, "lot")})</th>
              {gradeColumns.map((g) => <td key={g} className="num">{sum[g]}</td>)}
              <td className="num nowrap">{rows.reduce((n, r) => n + r.totalCounted, 0)}</td>
              {showValue && (
                <td className="num">{formatCents(rows.reduce((n, r) => n + (r.valueCents ?? 0), 0))}</td>
              )}
              <td />
              {countHref && <td className="no-print" />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function BySupplier({ rows }: { rows: SkinRecord[] }) {
  const suppliers = [...new Set(rows.map((r) => r.supplierName))].sort();
  return (
    <div className="table-wrap">
      <table className="table table-compact">
        <caption>By supplier</caption>
        <thead>
          <tr>
            <th>Supplier</th>
            <th className="num">Lots</th>
            {SKIN_GRADES.map((g) => <GradeHeader key={g} grade={g} />)}
            <th className="num">Hides</th>
            <th className="num">Value</th>
          </tr>
        </thead>
        <tbody>
          {suppliers.map((name) => {
            const mine = rows.filter((r) => r.supplierName === name);
            const counts = gradeCounts(mine);
            return (
              <tr key={name}>
                <td>{name}</td>
                <td className="num">{mine.length}</td>
                {SKIN_GRADES.map((g) => <td key={g} className="num">{counts[g]}</td>)}
                <td className="num">{mine.reduce((n, r) => n + r.totalCounted, 0)}</td>
                <td className="num">{formatCents(mine.reduce((n, r) => n + (r.valueCents ?? 0), 0))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** hidereporting: cattle hides counted in a period (default the last 7 days). */
export const HideReportScreen = defineScreen({
  validateSearch: z.object({ fromDate: isoDate.optional(), toDate: isoDate.optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const toDate = search.toDate ?? context.today;
    const fromDate = search.fromDate ?? addDays(toDate, -6);
    const cattle = gradingSpecies(ctx).find((s) => s.id === CATTLE);
    const records = cattle ? await completedSkins(ctx, { speciesName: cattle.name, fromDate, toDate }) : null;
    return { fromDate, toDate, records };
  },
  component: ({ data }) => {
    const { fromDate, toDate, records } = data;
    return (
      <section className="panel report" aria-label="Hide report">
        <div className="panel-head">
          <h2>Hides counted, {formatDate(fromDate)} to {formatDate(toDate)}</h2>
          <PeriodForm id="hides" keep={{}} fromDate={fromDate} toDate={toDate} />
        </div>
        {records === null ? <p className="muted">Cattle are not one of your species.</p> : (
          <>
            <p className="muted small no-print">
              Lots whose hides are all counted, valued at the hide price of the kill day. Lots still to count
              are on <a href={`${PATHS.grade}?view=incomplete&species=Cattle`}>Skin Grade</a>.
            </p>
            <SkinRecordTable rows={records} empty="No hides were counted in this period." showValue totals />
            {records.length > 0 && <BySupplier rows={records} />}
          </>
        )}
      </section>
    );
  },
});
