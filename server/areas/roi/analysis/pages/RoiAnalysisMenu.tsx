/**
 * Home › ROI Analysis (spec 3 §2.3 RoiAnalysisMenu; super only, flag "ROI analysis menu"): a card per
 * favourite or published report: its bottom line per period as bars against the budget's bottom line as
 * a line (recharts drawn on the server), and its three largest variances. No script: the cards link to
 * the report page.
 */
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  XAxis,
  YAxis,
} from "../../../../../client/ui/charts/recharts.ts";
import { ChartLegend } from "../../../../../client/ui/charts/ChartLegend.tsx";
import { StyleFreeChart } from "../../../../../client/ui/charts/StyleFreeChart.tsx";
import { niceAxis, valuesOf } from "../../../../../client/ui/charts/niceAxis.ts";
import { formatRoiValue } from "../../../../../reports/roi/format.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { type AnalysisCard, analysisCards } from "../operations.ts";
import { tickInterval } from "../../../../../client/ui/charts/tickInterval.ts";

const WIDTH = 560;
const HEIGHT = 220;

/** "$1.2m", "-$40k", "$900" on the value axis. */
function shortMoney(n: number): string {
  const size = Math.abs(n);
  const [scaled, suffix] = size >= 1e6 ? [n / 1e6, "m"] : size >= 1e3 ? [n / 1e3, "k"] : [n, ""];
  const text = `${Math.abs(scaled).toFixed(size >= 1e3 && Math.abs(scaled) < 10 ? 1 : 0)}${suffix}`;
  return `${n < 0 ? "-" : ""}$${text}`;
}

function BottomLineChart({ card }: { card: AnalysisCard }) {
  const title = `${card.name}: bottom line per period${card.hasBudget ? " against budget" : ""}`;
  const summary = card.points.map((p) =>
    `${p.period} ${formatRoiValue(p.actual, "$")}${
      card.hasBudget ? ` (budget ${formatRoiValue(p.budget, "$")})` : ""
    }`
  ).join("; ");
  const axis = niceAxis(valuesOf(card.points, card.hasBudget ? ["actual", "budget"] : ["actual"]), {
    fromZero: true,
  });
  return (
    <figure className="vt-chart roi-analysis-chart">
      <figcaption>
        <ChartLegend
          items={[
            { key: "line", swatch: "vt-swatch", label: "Bottom line" },
            ...(card.hasBudget
              ? [{ key: "budget", swatch: "vt-swatch vt-swatch-target", label: "Budget" }]
              : []),
          ]}
        />
      </figcaption>
      <StyleFreeChart className="vt-chart-plot">
        <ComposedChart
          width={WIDTH}
          height={HEIGHT}
          data={card.points}
          margin={{ top: 8, right: 8, bottom: 4, left: 4 }}
          title={title}
          desc={summary}
        >
          <CartesianGrid vertical={false} />
          <XAxis
            dataKey="period"
            interval={tickInterval(card.points.length, 4)}
            tickMargin={6}
          />
          <YAxis tickFormatter={shortMoney} width={56} domain={axis.domain} ticks={axis.ticks} />
          <Bar dataKey="actual" name="Bottom line" className="vt-bar" isAnimationActive={false} />
          {card.hasBudget && (
            <Line
              dataKey="budget"
              name="Budget"
              className="vt-target"
              dot={false}
              activeDot={false}
              isAnimationActive={false}
            />
          )}
        </ComposedChart>
      </StyleFreeChart>
    </figure>
  );
}

function Card({ card }: { card: AnalysisCard }) {
  const tags = [card.isFavourite ? "favourite" : "", card.isPublished ? "published" : ""].filter(Boolean);
  return (
    <article className="panel roi-analysis-card" aria-labelledby={`roi-card-${card.id}`}>
      <h3 id={`roi-card-${card.id}`}>
        <a href={`/report/RoiLayoutDisplay/${card.id}`}>{card.name}</a>
      </h3>
      <p className="muted">{tags.join(" · ")}</p>
      {card.points.length ? <BottomLineChart card={card} /> : <p>The report has no periods yet.</p>}
      <h4>Largest variances</h4>
      {card.variances.length
        ? (
          <ol className="roi-analysis-variances">
            {card.variances.map((v) => (
              <li key={v.label}>
                <span>{v.label}</span>
                <span className={v.isFavourable ? "roi-favourable" : "roi-unfavourable"}>
                  {formatRoiValue(Math.abs(v.amount), v.unit)}{" "}
                  {v.isFavourable ? "favourable" : "unfavourable"}
                </span>
              </li>
            ))}
          </ol>
        )
        : <p className="muted">No budget to compare with.</p>}
    </article>
  );
}

export const RoiAnalysisMenuScreen = defineScreen({
  loader: async ({ context }) => ({ cards: await analysisCards(await pageAreaContext(context)) }),
  component: ({ data }) => (
    <section className="roi-analysis" aria-labelledby="roi-analysis-title">
      <div className="panel-head">
        <h2 id="roi-analysis-title">ROI analysis</h2>
        <a className="btn" href="/wizard/RoiWizard">All ROI reports</a>
      </div>
      {data.cards.length
        ? (
          <div className="roi-analysis-cards">
            {data.cards.map((card) => <Card key={card.id} card={card} />)}
          </div>
        )
        : (
          <p className="panel">
            No reports here yet: mark a report as a favourite or publish it from the ROI reports list.
          </p>
        )}
    </section>
  ),
});
