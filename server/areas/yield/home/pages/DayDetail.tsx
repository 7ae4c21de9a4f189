/** A day at a plant (the popup behind a day and plant): its runs, its shifts and the cuts furthest below standard. */
import { formatDate } from "../../../../../kernel/format.ts";
import { type Column, Table } from "../../../../../client/ui/Table.tsx";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import type { dayDetail } from "../figures.ts";
import { count, kg, kgChange, moneyChange, percent, pp, tone } from "../../format.ts";

type Detail = Awaited<ReturnType<typeof dayDetail>>;
type Boned = Pick<Detail["total"], "head" | "hscwKg" | "yieldPercent" | "variancePp">;

/** The figures a run and a shift share: head, HSCW boned, yield and its variance from standard. */
function boned<R extends Boned>(): Column<R>[] {
  return [
    { header: "Head", className: "num", cell: (r) => count(r.head) },
    { header: "HSCW", className: "num", cell: (r) => kg(r.hscwKg) },
    { header: "Yield", className: "num", cell: (r) => percent(r.yieldPercent) },
    {
      header: "Variance",
      className: "num",
      cell: (r) => <span className={tone(r.variancePp)}>{pp(r.variancePp)}</span>,
    },
  ];
}

export function DayDetail({ detail }: { detail: Detail }) {
  const revenue = "revenueVariance" in detail.total;
  const t = detail.total;
  return (
    <section className="yield-day" aria-labelledby="yield-day-title" data-yield-day-detail>
      <h3 id="yield-day-title">{detail.plant}, {formatDate(detail.date)}</h3>
      <Facts
        items={[
          ["Head", count(t.head)],
          ["HSCW boned", kg(t.hscwKg)],
          ["Yield", percent(t.yieldPercent)],
          ["Variance", <span key="v" className={tone(t.variancePp)}>{pp(t.variancePp)}</span>],
          ...(revenue ? [["Revenue variance", moneyChange(t.revenueVariance)] as const] : []),
        ]}
      />
      <h4>Runs</h4>
      <Table
        rows={detail.runs}
        rowKey={(r) => r.runId}
        empty="No runs were boned that day."
        columns={[
          { header: "Run", cell: (r) => `Run ${r.runNumber}` },
          { header: "Room", cell: (r) => r.boningRoom },
          { header: "Shift", cell: (r) => (r.shift === "night" ? "Night" : "Day") },
          ...boned<Detail["runs"][number]>(),
          ...(revenue
            ? [{
              header: "Revenue variance",
              className: "num",
              cell: (r: Detail["runs"][number]) => moneyChange(r.revenueVariance),
            }]
            : []),
        ]}
      />
      <h4>Shifts</h4>
      <Table
        rows={detail.shifts}
        rowKey={(r) => r.shift}
        empty="No shifts."
        columns={[
          { header: "Shift", cell: (r) => r.name },
          ...boned<Detail["shifts"][number]>(),
        ]}
      />
      <h4>Furthest below standard</h4>
      <Table
        rows={detail.topVariances}
        rowKey={(r) => r.cutId}
        empty="No cut fell below its standard."
        columns={[
          { header: "Cut", cell: (r) => r.name },
          { header: "Actual", className: "num", cell: (r) => kg(r.actualKg) },
          { header: "Expected", className: "num", cell: (r) => kg(r.expectedKg) },
          {
            header: "Variance",
            className: "num",
            cell: (r) => <span className={tone(r.varianceKg)}>{kgChange(r.varianceKg)}</span>,
          },
          ...(revenue
            ? [{
              header: "Revenue",
              className: "num",
              cell: (r: Detail["topVariances"][number]) => moneyChange(r.revenueVariance),
            }]
            : []),
        ]}
      />
    </section>
  );
}
