/**
 * A schedule's execution (productionscheduling/scheduleplanexecution/{id}): planned, packed and remaining
 * cartons and kg per product, kept live: when the boning room's cartons arrive (yield's push event
 * yieldDataChanged for the day) the figures are re-read in place. Prints as a document.
 */
import { href } from "../../../../access/routes.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { LiveStatus } from "../../../../pages/LiveStatus.tsx";
import { pageAreaContext } from "../../../context.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { scheduleExecution } from "../operations.ts";
import { ExecutionTable } from "./ExecutionTable.tsx";

const FIGURES_ID = "execution-figures";

export const ExecutionScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    const execution = await scheduleExecution(ctx, pathId(params.id));
    const live = (context.caller!.subject.modules as readonly string[]).includes("yieldReporting");
    const againstPlan = canSeeRouteNamed(context.caller!.subject, "planagainstactual");
    return { ...execution, live, againstPlan };
  },
  component: ({ data }) => {
    const s = data.schedule;
    const title = `${s.planName} · ${s.boningRoom} · ${s.shiftName} · ${formatDate(s.productionDate)}`;
    return (
      <section className="panel schedule-execution" aria-labelledby="ex-title">
        <div className="panel-head">
          <h2 id="ex-title">{title}</h2>
          <nav className="actions no-print" aria-label="Related">
            <a className="btn" href={`${href("productionschedules")}?date=${s.productionDate}`}>Schedules</a>
            <a className="btn" href={`${href("scheduledProductsReport")}?date=${s.productionDate}`}>
              Day report
            </a>
            {data.againstPlan && (
              <a className="btn" href={href("planagainstactual", {}, { plan: s.cutPlanId })}>
                Plan against actual
              </a>
            )}
          </nav>
        </div>
        {data.live && (
          <LiveStatus
            groups={["Yield"]}
            date={s.productionDate}
            target={FIGURES_ID}
            events={["yieldDataChanged"]}
            words="Live: the packed figures update as the boning room's cartons arrive"
          />
        )}
        <div id={FIGURES_ID}>
          <ExecutionTable lines={data.lines} totals={data.totals} caption={title} />
        </div>
      </section>
    );
  },
});
