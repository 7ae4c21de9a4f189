/**
 * The processing overview (home/processoverview): a production day's orders and mobs from the truck to
 * the chain, with totals per species and per supplier, and one order across its days (`?order=`). Server
 * rendered; one small island keeps it live. The kill floor's day (carcassdistribution) is its neighbour
 * for carcass detail: linked, not copied.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { LiveStatus } from "../../../../pages/LiveStatus.tsx";
import { pageAreaContext } from "../../../context.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { overviewOfDay, overviewOfOrder } from "../operations.ts";
import { DayTables, figureFacts, OrderView } from "./tables.tsx";
import { ALL_SPECIES, DayPicker } from "./DayPicker.tsx";

const Search = z.object({
  date: isoDate.optional(),
  /** a species id, or "all"; absent: the header's species */
  species: z.union([idNumber(), z.literal(ALL_SPECIES)]).optional(),
  order: idNumber().optional(),
});
type Search = z.output<typeof Search>;

/** Refresh groups by the module joining them needs (the events' areas declare them). */
const LIVE_GROUPS = [
  ["Deliveries", "livestock"],
  ["Stockyard", "stockyard"],
  ["KillAgenda", "livestock"],
  ["KillFloor", "livestock"],
] as const;

const FIGURES_ID = "po-figures";

function liveGroups(context: PageContext): string[] {
  const modules: readonly string[] = context.caller!.subject.modules;
  return LIVE_GROUPS.filter(([, m]) => modules.includes(m)).map(([g]) => g);
}

/** Species from the address; absent: the header's; "all": every species of the caller's. */
function speciesOf(context: PageContext, search: Search): number | undefined {
  if (search.species === ALL_SPECIES) return undefined;
  return search.species ?? headerSpeciesAmong(context, context.caller!.species)?.id;
}

export const ProcessOverviewScreen = defineScreen({
  validateSearch: Search,
  kept: true,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const canOpenOrders = canSeeRouteNamed(context.caller!.subject, "order");
    const canOpenKillFloor = canSeeRouteNamed(context.caller!.subject, "carcassdistribution");
    const common = { canOpenOrders, canOpenKillFloor, groups: liveGroups(context) };
    if (search.order) {
      return { ...common, kind: "order" as const, byOrder: await overviewOfOrder(ctx, search.order) };
    }
    const speciesId = speciesOf(context, search);
    const day = await overviewOfDay(ctx, { speciesId, productionDate: search.date });
    return { ...common, kind: "day" as const, day, species: context.caller!.species };
  },
  component: ({ data }) => {
    const path = href("processoverview");
    const orderHref = (id: number) => data.canOpenOrders ? href("order", { id }) : null;
    const overviewOf = (id: number) => `${path}?order=${id}`;
    const date = data.kind === "day" ? data.day.productionDate : data.byOrder.order.productionDate;
    const killFloor = (d: string, species: number | null) =>
      data.canOpenKillFloor
        ? `${href("carcassdistribution")}?date=${d}${species ? `&species=${species}` : ""}`
        : null;
    const title = data.kind === "day"
      ? `Processing overview · ${data.day.species} · ${formatDate(data.day.productionDate)}`
      : `Processing overview · ${data.byOrder.order.lot} · ${data.byOrder.order.supplierName}`;
    const floor = data.kind === "day"
      ? killFloor(data.day.productionDate, data.day.speciesId)
      : date
      ? killFloor(date, data.byOrder.order.speciesId)
      : null;
    return (
      <section className="panel process-overview" aria-labelledby="po-title">
        <div className="panel-head">
          <h2 id="po-title">{title}</h2>
          <nav className="actions no-print" aria-label="Related">
            {data.kind === "order" && (
              <a className="btn" href={`${path}?date=${date ?? ""}&species=${data.byOrder.order.speciesId}`}>
                The day{date ? `, ${formatDate(date, false)}` : ""}
              </a>
            )}
            {floor && <a className="btn" href={floor}>Kill floor day</a>}
          </nav>
        </div>
        {data.kind === "day" && (
          <DayPicker
            path={path}
            date={data.day.productionDate}
            speciesId={data.day.speciesId}
            species={data.species}
          />
        )}
        <LiveStatus groups={data.groups} date={date ?? ""} target={FIGURES_ID} />
        <div id={FIGURES_ID}>
          {data.kind === "day"
            ? (
              <>
                <Facts items={figureFacts(data.day.total)} />
                <DayTables
                  day={data.day}
                  orderHref={orderHref}
                  overviewOf={overviewOf}
                  dayHref={(d) => `${path}?date=${d}&species=${data.day.speciesId ?? ALL_SPECIES}`}
                />
              </>
            )
            : (
              <OrderView
                view={data.byOrder}
                orderHref={orderHref}
                dayOf={(d) => `${path}?date=${d}&species=${data.byOrder.order.speciesId}`}
              />
            )}
        </div>
        <p className="muted small">
          Every head is accounted for: delivered less DOA is the live head; the live head is unloaded or still
          on the truck; unloaded head is in the yard, in the unfit bin or sent to the kill floor. Processed
          counts the kill floor's carcass records as they arrive; condemned carcasses are among them.
        </p>
      </section>
    );
  },
});
