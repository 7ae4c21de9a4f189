/**
 * Product comparison and its summary (issue 41 item 8; super): choose two cut plans (a plain GET form, no
 * script), then their predicted products side by side, largest value difference first; the summary page
 * shows each plan's head, kg, cartons, value and $ per head. Server-rendered, printable.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatDateTime } from "../../../../../kernel/format.ts";
import { formatCents } from "../../../../../kernel/money.ts";
import { idNumber } from "../../../../http/params.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { pageAreaContext } from "../../../context.ts";
import { comparablePlans, comparePlans } from "../operations.ts";
import { comparisonActivity } from "../activity.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";
import { kg, signed, valueColumn } from "./values.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";

type Plans = (Awaited<ReturnType<typeof comparablePlans>>[number] & { label: string })[];
type Result = Awaited<ReturnType<typeof comparePlans>>;
type Row = Result["rows"][number];
type Data = Awaited<ReturnType<typeof load>>;

const Search = z.object({ planA: idNumber().optional(), planB: idNumber().optional() });

async function load(
  context: PageContext,
  search: z.infer<typeof Search>,
  withActivity = false,
) {
  const ctx = await pageAreaContext(context);
  const siteName = new Map(context.caller!.sites.map((x) => [x.id, x.name]));
  const speciesName = new Map(context.caller!.species.map((x) => [x.id, x.name]));
  const plans = (await comparablePlans(ctx)).map((p) => ({
    ...p,
    label: `${formatDate(p.productionDate, false)}: ${p.name}${
      siteName.has(p.tenantSiteId) ? ` at ${siteName.get(p.tenantSiteId)}` : ""
    } (${speciesName.get(p.speciesId) ?? "species"})`,
  }));
  // unchosen, the two newest plans of the chosen A's species, else of the header's: never two species
  const species = plans.find((p) => p.id === search.planA)?.speciesId ??
    headerSpeciesAmong(context, context.caller!.species)?.id;
  const ofSpecies = plans.filter((p) => p.speciesId === species);
  const planA = search.planA ?? ofSpecies[1]?.id;
  const planB = search.planB ?? ofSpecies.find((p) => p.id !== planA)?.id;
  const [a, b] = [plans.find((p) => p.id === planA), plans.find((p) => p.id === planB)];
  const problem = a && b && a.speciesId !== b.speciesId
    ? `${a.label} and ${b.label} are plans of two species: choose two plans of one species.`
    : null;
  const result = planA && planB && !problem ? await comparePlans(ctx, { planA, planB }) : null;
  const activity = withActivity ? await comparisonActivity(ctx) : [];
  return {
    plans,
    planA: planA ?? null,
    planB: planB ?? null,
    result,
    problem,
    activity,
    timeZone: context.timeZone,
  };
}

function PlanChooser({ plans, planA, planB }: { plans: Plans; planA: number | null; planB: number | null }) {
  const options = plans.map((p) => [p.id, p.label] as const);
  const select = (name: string, label: string, value: number | null) => (
    <FilterSelect
      id={`cmp-${name}`}
      label={label}
      className="input"
      name={name}
      defaultValue={value ?? undefined}
      required
      options={options}
    />
  );
  return (
    <form method="get" className="inline-form no-print" aria-label="Choose two plans">
      {select("planA", "Compare", planA)}
      {select("planB", "with", planB)}
      <button className="btn" type="submit">Compare</button>
    </form>
  );
}

const planTitle = (p: Result["planA"]) => `${p.name} (${formatDate(p.productionDate, false)})`;

export const ProductComparisonScreen = defineScreen({
  validateSearch: Search,
  loader: ({ context, search }) => load(context, search, true),
  component: ({ data }) => {
    const r = data.result;
    return (
      <>
        <section className="panel" aria-label="Product comparison">
          <div className="panel-head">
            <h2>Product comparison</h2>
            {r && (
              <a
                className="btn"
                href={href("productcomparisonsummary", {}, { planA: r.planA.id, planB: r.planB.id })}
              >
                Summary
              </a>
            )}
            {r && (
              <a className="btn" href={href("planagainstactual", {}, { plan: r.planA.id })}>
                A against actual
              </a>
            )}
          </div>
          {data.plans.length < 1
            ? <p className="muted">No cut plans in the last fortnight or the coming week.</p>
            : <PlanChooser plans={data.plans} planA={data.planA} planB={data.planB} />}
          {data.problem && <p className="form-error" role="alert">{data.problem}</p>}
          {r && (
            <>
              <p className="muted small">
                A is {planTitle(r.planA)}; B is {planTitle(r.planB)}. Largest difference in value first.
              </p>
              <Table
                rows={r.rows}
                rowKey={(row) => row.productId}
                empty="Neither plan gives a recipe to any group yet."
                columns={[
                  { header: "Product", cell: (row) => row.name },
                  { header: "A kg", cell: (row) => kg(row.aKg), className: "num" },
                  { header: "B kg", cell: (row) => kg(row.bKg), className: "num" },
                  {
                    header: "Difference",
                    cell: (row) => signed(kg(row.kgDifference), row.kgDifference),
                    className: "num",
                  },
                  { header: "A cartons", cell: (row) => row.aCartons, className: "num", optional: true },
                  { header: "B cartons", cell: (row) => row.bCartons, className: "num", optional: true },
                  valueColumn("A value", (row: Row) => row.aCents),
                  valueColumn("B value", (row: Row) => row.bCents),
                  valueColumn("Value difference", (row: Row) => row.centsDifference, { signed: true }),
                ]}
              />
            </>
          )}
        </section>
        <Activity activity={data.activity} timeZone={data.timeZone} />
      </>
    );
  },
});

/** What was done to the plans on offer lately (the comparison's activity). */
function Activity({ activity, timeZone }: { activity: Data["activity"]; timeZone: string }) {
  return (
    <section className="panel no-print" aria-labelledby="cmp-activity">
      <h2 id="cmp-activity">Recent activity</h2>
      <Table
        rows={activity}
        rowKey={(a) => `${a.at}|${a.planId}|${a.what}`}
        empty="Nothing was done to these plans lately."
        columns={[
          { header: "When", cell: (a) => formatDateTime(a.at, timeZone) },
          { header: "Who", cell: (a) => a.userName },
          {
            header: "Plan",
            cell: (a) => (
              <a
                href={href("schedulebuilder", {}, {
                  date: a.productionDate,
                  species: a.speciesId,
                  plan: a.planId,
                })}
              >
                {a.planName} ({formatDate(a.productionDate, false)})
              </a>
            ),
          },
          { header: "What", cell: (a) => a.what },
        ]}
      />
    </section>
  );
}

export const ProductComparisonSummaryScreen = defineScreen({
  validateSearch: Search,
  loader: ({ context, search }) => load(context, search),
  component: ({ data }) => {
    const r = data.result;
    const sides = r ? [r.planA, r.planB] : [];
    return (
      <section className="panel" aria-label="Product comparison summary">
        <div className="panel-head">
          <h2>Product comparison summary</h2>
          {r && (
            <a className="btn" href={href("productcomparison", {}, { planA: r.planA.id, planB: r.planB.id })}>
              By product
            </a>
          )}
        </div>
        {data.plans.length > 0 && <PlanChooser plans={data.plans} planA={data.planA} planB={data.planB} />}
        {data.problem && <p className="form-error" role="alert">{data.problem}</p>}
        <Table
          rows={sides}
          rowKey={(p) => p.id}
          empty="Choose two plans."
          columns={[
            { header: "Plan", cell: (p) => planTitle(p) },
            { header: "Head", cell: (p) => p.head.toLocaleString("en-AU"), className: "num" },
            { header: "Kg", cell: (p) => kg(p.kg), className: "num" },
            { header: "Cartons", cell: (p) => p.cartons.toLocaleString("en-AU"), className: "num" },
            { header: "Value", cell: (p) => formatCents(p.cents), className: "num" },
            { header: "$ per head", cell: (p) => formatCents(p.centsPerHead), className: "num" },
          ]}
        />
      </section>
    );
  },
});
