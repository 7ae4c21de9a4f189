/**
 * One lot's kill feedback (/producerportal/lots/$id?link=N, issue 44 §3): the compliance summary against
 * the grid it was bought on, charts drawn on the server (the grid's cells with the carcasses in each, shaded
 * by price; HSCW by the grid's weight bands; MSA index spread) and the per-carcass table; the files. An
 * ended link or a lot that is not the farm's shows why instead.
 */
import { z } from "zod";
import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { ApiError } from "../../../../http/errors.ts";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { lotFeedback } from "../../feedback/operations.ts";
import { FEEDBACK_API } from "../../feedback/api.ts";
import { FEEDBACK_COLUMNS } from "../../feedback/files.ts";
import { cellOf, REASON_WORDS, REASONS } from "../../feedback/rules.ts";
import { bandLabel, type GridCells } from "../../../pricing/rules.ts";
import { PORTAL_PATHS } from "../paths.ts";
import { KeptDistributionChart } from "../drawnCharts.tsx";
import { CARCASS_SORTS, type CarcassSort, carcassTableHtml } from "../carcassTable.ts";

type Feedback = Awaited<ReturnType<typeof lotFeedback>>;
type Carcass = Feedback["carcasses"][number];

export const ProducerLotScreen = defineScreen({
  // the link a lot is seen through; without one (an address typed by hand) there is no such lot: 404
  validateSearch: z.object({
    link: idNumber().optional(),
    sort: z.enum(CARCASS_SORTS).optional(),
    dir: z.enum(["asc", "desc"]).optional(),
  }),
  loader: async ({ context, search, params }) => {
    if (search.link === undefined) throw ApiError.notFound("Open the lot from the portal's list of lots.");
    const ctx = await pageAreaContext(context);
    try {
      return {
        feedback: await lotFeedback(ctx, { linkId: search.link, livestockOrderId: pathId(params.id) }),
      };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 403 || e.status === 404)) return { problem: e.message };
      throw e;
    }
  },
  component: ({ data, search }) => {
    if (!("feedback" in data) || !data.feedback) {
      return (
        <section className="panel">
          <h2>Kill feedback</h2>
          <p role="status" data-access-ended>{data.problem}</p>
          <p>
            <a href={PORTAL_PATHS.home}>Back to the producer portal</a>
          </p>
        </section>
      );
    }
    const f = data.feedback;
    const first = f.carcasses[0];
    const files = (path: string) => `${path}?linkId=${search.link}&livestockOrderId=${f.livestockOrderId}`;
    return (
      <>
        <section className="panel" aria-label="Compliance summary">
          <div className="panel-head">
            <h2>Lot {f.livestockOrderId}: {first.supplierName}, killed {formatDate(first.productionDate)}</h2>
            <span className="muted small">{f.processorName}</span>
          </div>
          <Summary f={f} />
          <p>
            <a className="btn" href={files(FEEDBACK_API.csv)} download>Download CSV</a>{" "}
            <a className="btn" href={files(FEEDBACK_API.json)}>JSON</a>{" "}
            <a className="btn btn-ghost" href={PORTAL_PATHS.trend(search.link!)}>Trend across lots</a>
          </p>
        </section>
        <section className="panel producer-charts" aria-label="Charts">
          <h2>Charts</h2>
          {f.grid && <GridCellsChart cells={f.grid} carcasses={f.carcasses} />}
          <KeptDistributionChart id="hscw" title="HSCW by weight band" unit="carcasses" bars={hscwBars(f)} />
          {f.carcasses.some((c) => c.msaIndex !== null) && (
            <KeptDistributionChart
              id="msa"
              title="MSA index spread"
              unit="carcasses"
              bars={msaBars(f.carcasses)}
            />
          )}
        </section>
        <section className="panel" aria-label="Carcasses" id="carcasses">
          <h2>Carcasses</h2>
          <CarcassTable f={f} search={search} />
        </section>
        <FileColumns />
      </>
    );
  },
});

function Summary({ f }: { f: Feedback }) {
  const c = f.compliance;
  const rows: [string, string][] = [
    ["Head", formatHead(c.head)],
    ["In the grid's best cell", `${formatHead(c.inBestCell)} (${Math.round(c.shareInBest * 100)}%)`],
    ...REASONS.map((r) => [REASON_WORDS[r], formatHead(c.reasons[r])] as [string, string]),
    ["Dollars lost against the best cell", f.grid ? formatCents(c.dollarsLostCents) : "No grid on this lot"],
    ...(f.gridReference ? [["Grid", f.gridReference] as [string, string]] : []),
  ];
  return (
    <dl className="producer-summary">
      {rows.map(([term, value]) => (
        <div key={term} className="producer-summary-row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function hscwBars(f: Feedback) {
  const kept = f.carcasses.filter((c) => c.condemned !== "whole");
  if (f.grid) {
    const bands = f.grid.weightBands.map((b) => ({ label: bandLabel(b), count: 0 }));
    let outside = 0;
    for (const c of kept) {
      const at = cellOf(f.grid, c).band;
      if (at >= 0) bands[at].count++;
      else outside++;
    }
    return outside ? [...bands, { label: "Outside", count: outside }] : bands;
  }
  const byTen = new Map<number, number>();
  for (const c of kept) {
    byTen.set(Math.floor(c.hscwKg / 20) * 20, (byTen.get(Math.floor(c.hscwKg / 20) * 20) ?? 0) + 1);
  }
  return [...byTen.entries()].sort((a, b) => a[0] - b[0]).map(([kg, n]) => ({
    label: `${kg}–${kg + 20}`,
    count: n,
  }));
}

function msaBars(rows: readonly Carcass[]) {
  const graded = rows.filter((c) => c.msaIndex !== null);
  const bins = new Map<number, number>();
  for (const c of graded) {
    const at = Math.floor(c.msaIndex! / 5) * 5;
    bins.set(at, (bins.get(at) ?? 0) + 1);
  }
  return [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([n, count]) => ({
    label: `${n}–${n + 5}`,
    count,
  }));
}

/** The grid's cells (weight band × fat score), shaded by price, with how many carcasses fell in each. */
function GridCellsChart({ cells, carcasses }: { cells: GridCells; carcasses: readonly Carcass[] }) {
  const counts = cells.prices.map((row) => row.map(() => 0));
  for (const c of carcasses) {
    const at = cellOf(cells, c);
    if (at.band >= 0 && at.fat >= 0) counts[at.band][at.fat]++;
  }
  const prices = cells.prices.flat().filter((p): p is number => p !== null);
  const low = Math.min(...prices), high = Math.max(...prices);
  const shade = (p: number | null) =>
    p === null ? 0 : high === low ? 1 : 0.2 + 0.8 * (p - low) / (high - low);
  const w = 64, h = 28, left = 90, top = 24;
  const width = left + w * cells.fatScores.length + 8, height = top + h * cells.weightBands.length + 8;
  return (
    <figure className="dist-chart" aria-labelledby="grid-cells-title">
      <figcaption id="grid-cells-title">HSCW × fat score over the grid (darker: better price)</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" className="producer-grid-chart">
        <title>Carcasses per grid cell</title>
        {cells.fatScores.map((s, j) => (
          <text key={s} x={left + j * w + w / 2} y={16} textAnchor="middle" className="chart-axis">
            Fat {s}
          </text>
        ))}
        {cells.weightBands.map((b, i) => (
          <g key={i}>
            <text x={left - 6} y={top + i * h + h / 2 + 4} textAnchor="end" className="chart-axis">
              {bandLabel(b)}
            </text>
            {cells.fatScores.map((_, j) => (
              <g key={j}>
                <rect
                  x={left + j * w}
                  y={top + i * h}
                  width={w - 2}
                  height={h - 2}
                  className="producer-grid-cell"
                  fillOpacity={shade(cells.prices[i][j])}
                />
                <text
                  x={left + j * w + w / 2}
                  y={top + i * h + h / 2 + 4}
                  textAnchor="middle"
                  className="chart-label"
                >
                  {counts[i][j] || ""}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}

function CarcassTable({ f, search }: {
  f: Feedback;
  search: { link?: number; sort?: CarcassSort; dir?: "asc" | "desc" };
}) {
  const link = (sort: CarcassSort, dir: "asc" | "desc") =>
    `${PORTAL_PATHS.lot(search.link!, f.livestockOrderId)}&sort=${sort}&dir=${dir}#carcasses`;
  const html = carcassTableHtml(f.carcasses, f.grid, f.maxDentition, { ...search, link });
  return (
    <div
      className="table-wrap producer-carcasses"
      role="region"
      aria-label="Carcasses, one row each"
      tabIndex={0}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function FileColumns() {
  return (
    <details className="panel">
      <summary>What the CSV file holds</summary>
      <p>One row per carcass, UTF-8, comma separated, these columns in this order:</p>
      <ul>
        {FEEDBACK_COLUMNS.map((c) => (
          <li key={c.header}>
            <strong>{c.header}</strong>: {c.about}
          </li>
        ))}
      </ul>
    </details>
  );
}
