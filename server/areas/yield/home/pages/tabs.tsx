/**
 * The yield home's tabs by day and plant (spec 3 §2.1): yield, yield variance, revenue and revenue
 * variance (yieldRevenue module), volume; the segment tabs are in segmentTabs.tsx. Each loads
 * its figures through server/areas/yield/home/figures.ts (the one engine) and draws a server chart and a
 * table; a day and plant links to its detail.
 */
import type { ReactNode } from "react";
import { addDays, daysBetween } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { PRODUCT_KIND_NAMES } from "../../rules.ts";
import {
  balanceOf,
  byDayAndPlant,
  DAY_FIELDS,
  type DayPlant,
  type Figures,
  type SegmentRow,
  segmentRows,
  VOLUME_FIELDS,
} from "../figures.ts";
import type { HomeState } from "../homeState.ts";
import { DayLines, type DaySeries } from "./charts.tsx";
import {
  count,
  decimal,
  kg,
  kgChange,
  money,
  moneyChange,
  percent,
  perKg,
  pp,
  summaryOf,
  tone,
  tonnes,
} from "../../format.ts";
import { segmentsTab, segmentsTodayTab } from "./segmentTabs.tsx";
import type { TabDef, TabLinks } from "./YieldHome.tsx";

export { segmentsTab, segmentsTodayTab };

// ---- shared pieces ----------------------------------------------------------------------------------

type DayRow<F extends Record<string, number>> = DayPlant & Figures<F>;

function daysOf(state: HomeState): string[] {
  const n = daysBetween(state.range.from, state.range.to);
  return Array.from({ length: n + 1 }, (_, i) => addDays(state.range.from, i));
}

function seriesOf<R extends DayPlant>(rows: R[], value: (r: R) => number | null | undefined): DaySeries[] {
  const byPlant = new Map<number, DaySeries>();
  for (const r of rows) {
    let s = byPlant.get(r.plantId);
    if (!s) byPlant.set(r.plantId, s = { plantId: r.plantId, plant: r.plant, values: new Map() });
    s.values.set(r.date, value(r) ?? null);
  }
  return [...byPlant.values()];
}

interface DayColumn<R> {
  header: string;
  cell: (r: R) => ReactNode;
  total?: ReactNode;
}

/** A row per day and plant; the day opens its detail. */
function DayTable<R extends DayPlant>({ caption, rows, columns, links }: {
  caption: string;
  rows: R[];
  columns: DayColumn<R>[];
  links: TabLinks;
}) {
  return (
    <div className="table-scroll">
      <table className="table yield-days">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Plant</th>
            {columns.map((c) => <th key={c.header} scope="col" className="num">{c.header}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.date}-${r.plantId}`}>
              <th scope="row" className="nowrap">
                <a href={links.day(r.date, r.plantId)} data-yield-day={r.date} data-plant={r.plantId}>
                  {formatDate(r.date, false)}
                </a>
              </th>
              <td>{r.plant}</td>
              {columns.map((c) => <td key={c.header} className="num">{c.cell(r)}</td>)}
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={columns.length + 2} className="muted">Nothing was boned in this range.</td>
            </tr>
          )}
        </tbody>
        {rows.length > 0 && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>Whole range</th>
              {columns.map((c) => <td key={c.header} className="num">{c.total ?? ""}</td>)}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

// ---- by day and plant -------------------------------------------------------------------------------

type DayData = { rows: DayRow<typeof DAY_FIELDS>[]; total: Figures<typeof DAY_FIELDS> };
type VolumeData = { rows: DayRow<typeof VOLUME_FIELDS>[]; total: Figures<typeof VOLUME_FIELDS> };

export const yieldTab: TabDef<DayData> = {
  name: "yieldYield",
  path: "/yield/yield",
  title: "Yield",
  load: (ctx, q) => byDayAndPlant(ctx, q, DAY_FIELDS),
  Body: ({ data, state, links }) => (
    <>
      <DayLines
        title="Yield % by day and plant"
        summary={summaryOf("Yield", percent(data.total.yieldPercent))}
        days={daysOf(state)}
        series={seriesOf(data.rows, (r) => r.yieldPercent)}
        format={(n) => `${n.toFixed(1)} %`}
        hrefOf={links.day}
      />
      <DayTable
        caption="Yield by day and plant"
        rows={data.rows}
        links={links}
        columns={[
          { header: "Head", cell: (r) => count(r.head), total: count(data.total.head) },
          { header: "HSCW", cell: (r) => kg(r.hscwKg), total: kg(data.total.hscwKg) },
          { header: "Product", cell: (r) => kg(r.actualKg), total: kg(data.total.actualKg) },
          { header: "Yield", cell: (r) => percent(r.yieldPercent), total: percent(data.total.yieldPercent) },
          {
            header: "Standard",
            cell: (r) => percent(r.standardPercent),
            total: percent(data.total.standardPercent),
          },
        ]}
      />
    </>
  ),
};

type VarianceData = DayData & { balance: Awaited<ReturnType<typeof balanceOf>> };

export const yieldVarianceTab: TabDef<VarianceData> = {
  name: "yieldVariance",
  path: "/yield/yieldvariance",
  title: "Yield variance",
  load: async (ctx, q) => {
    const [days, balance] = await Promise.all([byDayAndPlant(ctx, q, DAY_FIELDS), balanceOf(ctx, q)]);
    return { ...days, balance };
  },
  Body: ({ data, state, links }) => (
    <>
      <DayLines
        title="Yield variance by day and plant (percentage points)"
        summary={summaryOf("Yield variance", pp(data.total.variancePp))}
        days={daysOf(state)}
        series={seriesOf(data.rows, (r) => r.variancePp)}
        format={(n) => `${n.toFixed(2)} pp`}
        hrefOf={links.day}
        zeroLine
      />
      <DayTable
        caption="Yield variance by day and plant"
        rows={data.rows}
        links={links}
        columns={[
          { header: "Yield", cell: (r) => percent(r.yieldPercent), total: percent(data.total.yieldPercent) },
          {
            header: "Standard",
            cell: (r) => percent(r.standardPercent),
            total: percent(data.total.standardPercent),
          },
          {
            header: "Variance",
            cell: (r) => <span className={tone(r.variancePp)}>{pp(r.variancePp)}</span>,
            total: pp(data.total.variancePp),
          },
          {
            header: "Variance kg",
            cell: (r) => <span className={tone(r.varianceKg)}>{kgChange(r.varianceKg)}</span>,
            total: kgChange(data.total.varianceKg),
          },
        ]}
      />
      <h3>Mass balance</h3>
      <Table
        rows={data.balance}
        rowKey={(l) => l.kind}
        empty="Nothing was boned in this range."
        columns={[
          {
            header: "Line",
            cell: (l) => (l.kind === "unaccounted" ? "Unaccounted" : PRODUCT_KIND_NAMES[l.kind]),
          },
          { header: "Weight", className: "num", cell: (l) => kg(l.kg) },
          { header: "Share of HSCW", className: "num", cell: (l) => percent(l.percent) },
        ]}
      />
    </>
  ),
};

export const revenueTab: TabDef<DayData> = {
  name: "yieldRevenue",
  path: "/yield/revenue",
  title: "Revenue",
  revenue: true,
  load: (ctx, q) => byDayAndPlant(ctx, q, DAY_FIELDS),
  Body: ({ data, state, links }) => (
    <>
      <DayLines
        title="Revenue by day and plant"
        summary={summaryOf("Revenue", money(data.total.revenue))}
        days={daysOf(state)}
        series={seriesOf(data.rows, (r) => r.revenue)}
        format={(n) => `$${Math.round(n / 1000)}k`}
        hrefOf={links.day}
      />
      <DayTable
        caption="Revenue by day and plant"
        rows={data.rows}
        links={links}
        columns={[
          { header: "Product", cell: (r) => kg(r.actualKg), total: kg(data.total.actualKg) },
          { header: "Revenue", cell: (r) => money(r.revenue), total: money(data.total.revenue) },
          { header: "$ per kg", cell: (r) => perKg(r.dollarsPerKg), total: perKg(data.total.dollarsPerKg) },
        ]}
      />
    </>
  ),
};

type RevenueVarianceData = DayData & { primals: SegmentRow[] };

export const revenueVarianceTab: TabDef<RevenueVarianceData> = {
  name: "yieldRevenueVariance",
  path: "/yield/revenuevariance",
  title: "Revenue variance",
  revenue: true,
  load: async (ctx, q) => {
    const [days, primals] = await Promise.all([
      byDayAndPlant(ctx, q, DAY_FIELDS),
      segmentRows(ctx, q, "primal"),
    ]);
    return { ...days, primals: primals.rows };
  },
  Body: ({ data, state, links }) => (
    <>
      <DayLines
        title="Revenue variance by day and plant"
        summary={summaryOf("Revenue variance", moneyChange(data.total.revenueVariance))}
        days={daysOf(state)}
        series={seriesOf(data.rows, (r) => r.revenueVariance)}
        format={(n) => `$${Math.round(n)}`}
        hrefOf={links.day}
        zeroLine
      />
      <DayTable
        caption="Revenue variance by day and plant"
        rows={data.rows}
        links={links}
        columns={[
          { header: "Revenue", cell: (r) => money(r.revenue), total: money(data.total.revenue) },
          {
            header: "Variance",
            cell: (r) => <span className={tone(r.revenueVariance)}>{moneyChange(r.revenueVariance)}</span>,
            total: moneyChange(data.total.revenueVariance),
          },
        ]}
      />
      <h3>By primal</h3>
      <Table
        rows={data.primals}
        rowKey={(r) => r.segmentId ?? "none"}
        empty="Nothing was boned in this range."
        columns={[
          { header: "Primal", cell: (r) => r.name },
          {
            header: "Variance kg",
            className: "num",
            cell: (r) => <span className={tone(r.varianceKg)}>{kgChange(r.varianceKg)}</span>,
          },
          {
            header: "Revenue variance",
            className: "num",
            cell: (r) => <span className={tone(r.revenueVariance)}>{moneyChange(r.revenueVariance)}</span>,
          },
        ]}
      />
    </>
  ),
};

export const volumeTab: TabDef<VolumeData> = {
  name: "yieldVolume",
  path: "/yield/volume",
  title: "Volume",
  load: (ctx, q) => byDayAndPlant(ctx, q, VOLUME_FIELDS),
  Body: ({ data, state, links }) => (
    <>
      <DayLines
        title="HSCW boned by day and plant (tonnes)"
        summary={summaryOf("HSCW boned", tonnes(data.total.hscwKg))}
        days={daysOf(state)}
        series={seriesOf(data.rows, (r) => (r.hscwKg == null ? null : r.hscwKg / 1000))}
        format={(n) => `${n.toFixed(0)} t`}
        hrefOf={links.day}
      />
      <DayTable
        caption="Volume by day and plant"
        rows={data.rows}
        links={links}
        columns={[
          { header: "Head", cell: (r) => count(r.head), total: count(data.total.head) },
          { header: "HSCW", cell: (r) => tonnes(r.hscwKg), total: tonnes(data.total.hscwKg) },
          { header: "Cartons", cell: (r) => count(r.cartons), total: count(data.total.cartons) },
          { header: "Pieces", cell: (r) => count(r.pieces), total: count(data.total.pieces) },
          {
            header: "Pieces per carcass",
            cell: (r) => decimal(r.piecesPerCarcass),
            total: decimal(data.total.piecesPerCarcass),
          },
        ]}
      />
    </>
  ),
};

export const YIELD_TABS = [
  segmentsTab,
  yieldTab,
  yieldVarianceTab,
  revenueTab,
  revenueVarianceTab,
  volumeTab,
  segmentsTodayTab,
] as const;
