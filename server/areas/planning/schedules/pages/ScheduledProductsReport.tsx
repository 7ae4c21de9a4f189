/**
 * The Scheduled Products Report (home/scheduledProductsReport; super): every schedule of a day, each with
 * its products planned, packed and remaining. A document: the print stylesheet leaves the controls out.
 */
import { DayForm } from "./DayForm.tsx";
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { isoDate } from "../../../../http/validation.ts";
import { pageAreaContext } from "../../../context.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { lastScheduledDayBefore, scheduledProducts } from "../operations.ts";
import { ExecutionTable } from "./ExecutionTable.tsx";

export const ScheduledProductsReportScreen = defineScreen({
  validateSearch: z.object({ date: isoDate.optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const date = search.date ?? ctx.today;
    const schedules = await scheduledProducts(ctx, date);
    // an empty day points to the last one with schedules (the plant's today is often not released yet)
    const lastDay = schedules.length ? null : await lastScheduledDayBefore(ctx, date);
    return { date, schedules, lastDay };
  },
  component: ({ data }) => (
    <section className="panel scheduled-products-report" aria-labelledby="spr-title">
      <div className="panel-head">
        <h2 id="spr-title">Scheduled products · {formatDate(data.date)}</h2>
        <nav className="actions no-print" aria-label="Related">
          <a className="btn" href={`${href("productionschedules")}?date=${data.date}`}>Schedules</a>
          <button type="button" className="btn" data-print>Print</button>
        </nav>
      </div>
      <DayForm label="Day" date={data.date} />
      {data.schedules.length
        ? data.schedules.map((e) => {
          const caption = `${e.schedule.boningRoom} · ${e.schedule.shiftName} · ${e.schedule.planName}`;
          return (
            <section key={e.schedule.id} className="report-block" aria-label={caption}>
              <h3>
                <a href={href("scheduleplanexecution", { id: e.schedule.id })}>{caption}</a>
              </h3>
              <ExecutionTable lines={e.lines} totals={e.totals} caption={caption} />
            </section>
          );
        })
        : (
          <p className="muted">
            No plan was released to a boning room for this day.
            {data.lastDay && (
              <>
                {" "}The last day with schedules:{" "}
                <a href={`${href("scheduledProductsReport")}?date=${data.lastDay}`}>
                  {formatDate(data.lastDay)}
                </a>.
              </>
            )}
          </p>
        )}
    </section>
  ),
});
