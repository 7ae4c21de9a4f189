/**
 * Plan against actual (issue 41 item 8; super): a released cut plan beside what its boning rooms packed
 * that day, product by product (kg, cartons, value) and in total with $ per head, each with the variance.
 * Reached from a schedule's execution page and from the product comparison; a plain GET form chooses the
 * plan. Server-rendered, no script; prints as a document.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { idNumber } from "../../../../http/params.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { comparablePlans, planAgainstActual } from "../operations.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";
import { kg, signed, valueColumn } from "./values.tsx";

type Result = Awaited<ReturnType<typeof planAgainstActual>>;
type Row = Result["rows"][number];
type Figures = Result["totals"]["planned"];

const count = (n: number) => n.toLocaleString("en-AU");

export const PlanAgainstActualScreen = defineScreen({
  validateSearch: z.object({ plan: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const plans = await comparablePlans(ctx);
    const chosen = search.plan ?? plans.find((p) => p.productionDate <= ctx.today)?.id;
    return {
      plans,
      chosen: chosen ?? null,
      result: chosen ? await planAgainstActual(ctx, { plan: chosen }) : null,
    };
  },
  component: ({ data }) => {
    const r = data.result;
    return (
      <section className="panel" aria-label="Plan against actual">
        <div className="panel-head">
          <h2>{r ? `Plan against actual: ${r.plan.name}` : "Plan against actual"}</h2>
          <a className="btn no-print" href={href("productcomparison")}>Compare two plans</a>
        </div>
        {data.plans.length > 0 && (
          <form method="get" className="inline-form no-print" aria-label="Choose a plan">
            <FilterSelect
              id="paa-plan"
              label="Plan"
              className="input"
              name="plan"
              defaultValue={data.chosen ?? undefined}
              required
              options={data.plans.map((p) => [p.id, `${formatDate(p.productionDate, false)}: ${p.name}`])}
            />
            <button className="btn" type="submit">Show</button>
          </form>
        )}
        {!r ? <p className="muted">No cut plans in the last fortnight or the coming week.</p> : (
          <>
            <p className="muted small">
              {`${formatDate(r.plan.productionDate)}: `}
              {r.schedules.length
                ? `packed by ${
                  r.schedules.map((s) => `${s.boningRoom} (${s.shiftName.toLowerCase()})`).join(", ")
                }. `
                : "not released to a boning room, so nothing is packed against it yet. "}
              Planned and packed kg are valued at the day's price per kg of each product.
            </p>
            <TotalsTable totals={r.totals} />
            <Table
              rows={r.rows}
              rowKey={(row) => row.productId}
              empty="The plan gives no recipe to any group."
              columns={[
                { header: "Product", cell: (row) => row.name },
                { header: "Planned kg", cell: (row) => kg(row.plannedKg), className: "num" },
                { header: "Packed kg", cell: (row) => kg(row.actualKg), className: "num" },
                {
                  header: "Kg variance",
                  cell: (row) => signed(kg(row.kgVariance), row.kgVariance),
                  className: "num",
                },
                {
                  header: "Planned cartons",
                  cell: (row) => count(row.plannedCartons),
                  className: "num",
                  optional: true,
                },
                {
                  header: "Packed cartons",
                  cell: (row) => count(row.actualCartons),
                  className: "num",
                  optional: true,
                },
                {
                  header: "Carton variance",
                  cell: (row) => signed(count(row.cartonsVariance), row.cartonsVariance),
                  className: "num",
                },
                valueColumn("Planned value", (row: Row) => row.plannedCents),
                // planned value and the variance imply it; without it the table fits 1024 px
                valueColumn("Packed value", (row: Row) => row.actualCents, { optional: true }),
                valueColumn("Value variance", (row: Row) => row.centsVariance, { signed: true }),
              ]}
            />
          </>
        )}
      </section>
    );
  },
});

function TotalsTable({ totals }: { totals: Result["totals"] }) {
  const rows: { key: string; label: string; f: Figures; isVariance?: boolean }[] = [
    { key: "planned", label: "Planned", f: totals.planned },
    { key: "actual", label: "Packed", f: totals.actual },
    { key: "variance", label: "Variance", f: totals.variance, isVariance: true },
  ];
  const show = (r: (typeof rows)[number], text: string, n: number) => r.isVariance ? signed(text, n) : text;
  return (
    <div role="group" aria-label="In total">
      <h3>In total ({count(totals.head)} head)</h3>
      <Table
        rows={rows}
        rowKey={(r) => r.key}
        empty=""
        columns={[
          { header: "", cell: (r) => <strong>{r.label}</strong> },
          { header: "Kg", cell: (r) => show(r, kg(r.f.kg), r.f.kg), className: "num" },
          { header: "Cartons", cell: (r) => show(r, count(r.f.cartons), r.f.cartons), className: "num" },
          { header: "Value", cell: (r) => show(r, formatCents(r.f.cents), r.f.cents), className: "num" },
          {
            header: "$ per head",
            cell: (r) => show(r, formatCents(r.f.centsPerHead), r.f.centsPerHead),
            className: "num",
          },
        ]}
      />
    </div>
  );
}
