/**
 * The trend across consignments (/producerportal/trend?link=N; issue 44 §3): the latest lots of one
 * species through a link, oldest left: average HSCW against the plant's anonymous average (shown only where
 * at least five suppliers killed that day), the share in the grid's best cell and the grid's $/kg. Charts
 * drawn on the server; no script.
 */
import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { formatDate, formatDecimal } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { linkedTrend } from "../../feedback/operations.ts";
import { MIN_PLANT_SUPPLIERS } from "../../feedback/trend.ts";
import { chooseLink, LinkChoices, PortalSections, readOrProblem } from "../linkChoice.tsx";
import { PORTAL_PATHS } from "../paths.ts";
import { speciesWord } from "../rules.ts";
import { TrendChart } from "../trendChart.tsx";

type Point = Awaited<ReturnType<typeof linkedTrend>>[number];

export const ProducerTrendScreen = defineScreen({
  validateSearch: z.object({ link: idNumber().optional(), species: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const choice = await chooseLink(ctx, "feedback", search.link);
    const linkId = choice.chosen;
    const read = linkId === null ? null : await readOrProblem(() => linkedTrend(ctx, { linkId }));
    return { choice, read };
  },
  component: ({ data, search }) => {
    const { choice, read } = data;
    const name = choice.links.find((l) => l.id === choice.chosen)?.name;
    const points = read && "got" in read ? read.got : [];
    const species = [...new Set(points.map((p) => p.speciesId))];
    const shown = search.species ?? points.at(-1)?.speciesId;
    return (
      <section className="panel" aria-label="Trend across consignments">
        <div className="panel-head">
          <h2>{name ? `${name}: trend across consignments` : "Trend across consignments"}</h2>
          <a href={PORTAL_PATHS.home} className="no-print">Back to the producer portal</a>
        </div>
        <PortalSections linkId={choice.chosen} current="Trend" />
        <LinkChoices choice={choice} href={PORTAL_PATHS.trend} what="kill feedback" />
        {read && "problem" in read && <p role="status" data-access-ended>{read.problem}</p>}
        {read && "got" in read && !points.length && <p>No lot has been killed since the shared day.</p>}
        {species.length > 1 && (
          <nav className="no-print" aria-label="Species">
            {species.map((s) => (
              <a
                key={s}
                className={s === shown ? "btn btn-primary" : "btn"}
                href={`${PORTAL_PATHS.trend(choice.chosen!)}&species=${s}`}
                aria-current={s === shown ? "page" : undefined}
              >
                {speciesWord(s)}
              </a>
            ))}
          </nav>
        )}
        {points.length > 0 && <Charts points={points.filter((p) => p.speciesId === shown)} />}
      </section>
    );
  },
});

function Charts({ points }: { points: Point[] }) {
  const lots = points.map((p) => `${formatDate(p.productionDate, false).slice(4)} (${p.livestockOrderId})`);
  const hidden = points.filter((p) => p.plantAverageKg === null).length;
  return (
    <>
      <div className="producer-charts">
        <TrendChart
          id="trend-hscw"
          title="Average HSCW (kg)"
          lots={lots}
          format={(n) => formatDecimal(n)}
          series={[
            { key: "lot", name: "Your lot", values: points.map((p) => p.averageHscwKg) },
            { key: "plant", name: "Plant average", values: points.map((p) => p.plantAverageKg) },
          ]}
        />
        <TrendChart
          id="trend-best"
          title="Share in the grid's best cell (%)"
          lots={lots}
          format={(n) => `${Math.round(n)}%`}
          series={[{
            key: "best",
            name: "In the best cell",
            values: points.map((p) => (p.shareInBest === null ? null : p.shareInBest * 100)),
          }]}
        />
        <TrendChart
          id="trend-price"
          title="Grid price earned ($/kg)"
          lots={lots}
          format={(n) => formatCents(Math.round(n))}
          series={[{ key: "price", name: "$/kg", values: points.map((p) => p.centsPerKg) }]}
        />
      </div>
      {hidden > 0 && (
        <p className="muted" data-plant-average-hidden>
          The plant average is shown only for kill days when at least {MIN_PLANT_SUPPLIERS}{" "}
          suppliers' stock was killed, so that no other supplier's results can be worked out. On{" "}
          {hidden === points.length ? "every one of these days" : `${hidden} of these days`}{" "}
          fewer did, so it is left out there.
        </p>
      )}
    </>
  );
}
