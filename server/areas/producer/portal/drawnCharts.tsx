/**
 * The lot page's recharts charts, drawn once per content (issue 44 speed): recharts takes most of the
 * page's server time, and a chart is a pure function of its title and bars, so the same bars (the same lot
 * reopened, or another lot that fell the same way) reuse the drawn SVG. Bounded: the oldest goes first.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { DistributionChart } from "../../../../client/ui/charts/DistributionChart.tsx";

type ChartProps = Parameters<typeof DistributionChart>[0];

const KEPT = 256;
const drawn = new Map<string, string>();

function markupOf(props: ChartProps) {
  const key = JSON.stringify(props);
  let html = drawn.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<DistributionChart {...props} />);
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, html);
  }
  return html;
}

/** A DistributionChart whose markup is kept by content (server only: nothing hydrates it). */
export function KeptDistributionChart(props: ChartProps) {
  return <div className="producer-chart" dangerouslySetInnerHTML={{ __html: markupOf(props) }} />;
}

/** Forgets every drawn chart: the bench times a lot page's first drawing with it. */
export function forgetDrawnCharts() {
  drawn.clear();
}
