/**
 * Production schedules (productionscheduling/productionschedules; super, module scheduleBuilder): the
 * schedules released in a fortnight around the day, each opening its execution, and a form that releases
 * a cut plan to a boning room for a shift.
 */
import { namedOptions } from "../../../../pages/scopeFields.ts";
import { DayForm } from "./DayForm.tsx";
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { isoDate } from "../../../../http/validation.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { pageAreaContext } from "../../../context.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate, formatDecimal, formatHead } from "../../../../../kernel/format.ts";
import { listSchedules, releaseChoices } from "../operations.ts";
import { SCHEDULES_API } from "../api.ts";

const Search = z.object({ date: isoDate.optional() });

export const SchedulesScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const date = search.date ?? ctx.today;
    const fromDate = addDays(date, -7), toDate = addDays(date, 7);
    const [schedules, choices] = await Promise.all([
      listSchedules(ctx, { fromDate, toDate }),
      releaseChoices(ctx, fromDate, toDate),
    ]);
    return { date, fromDate, toDate, schedules, choices, species: context.caller!.species };
  },
  component: ({ data }) => {
    const speciesName = (id: number) => data.species.find((s) => s.id === id)?.name ?? "";
    const execution = (id: number) => href("scheduleplanexecution", { id });
    return (
      <>
        <section className="panel" aria-labelledby="ps-title">
          <div className="panel-head">
            <h2 id="ps-title">
              Production schedules · {formatDate(data.fromDate, false)} to {formatDate(data.toDate)}
            </h2>
            <nav className="actions no-print" aria-label="Related">
              <a className="btn" href={`${href("scheduledProductsReport")}?date=${data.date}`}>
                Scheduled products report
              </a>
              <a className="btn" href={href("schedulebuilder")}>Schedule builder</a>
            </nav>
          </div>
          <DayForm label="Around" date={data.date} />
          <Table
            rows={data.schedules}
            rowKey={(s) => s.id}
            empty="No plan has been released to a boning room in these days."
            columns={[
              { header: "Day", cell: (s) => formatDate(s.productionDate) },
              { header: "Species", cell: (s) => speciesName(s.speciesId) },
              { header: "Boning room", cell: (s) => s.boningRoom },
              { header: "Shift", cell: (s) => s.shiftName },
              { header: "Plan", cell: (s) => <a href={execution(s.id)}>{s.planName}</a> },
              { header: "Cartons", className: "num", cell: (s) => formatHead(s.plannedCartons) },
              { header: "kg", className: "num", cell: (s) => formatDecimal(s.plannedKg) },
            ]}
          />
        </section>
        <section className="panel no-print" aria-label="Release a plan">
          {data.choices.plans.length && data.choices.rooms.length
            ? (
              <DataForm
                id="release-schedule"
                title="Release a plan to a boning room"
                fields={[
                  {
                    name: "cutPlanId",
                    label: "Cut plan",
                    type: "select",
                    required: true,
                    valueType: "number",
                    options: data.choices.plans.map((p) => ({
                      value: String(p.id),
                      label: `${formatDate(p.productionDate, false)} · ${
                        speciesName(p.speciesId)
                      } · ${p.name}`,
                    })),
                  },
                  {
                    name: "boningRoomId",
                    label: "Boning room",
                    type: "select",
                    required: true,
                    valueType: "number",
                    options: namedOptions(data.choices.rooms),
                  },
                  {
                    name: "shift",
                    label: "Shift",
                    type: "select",
                    required: true,
                    options: [{ value: "day", label: "Day shift" }, { value: "night", label: "Night shift" }],
                  },
                ]}
                initial={{ shift: "day" }}
                submit={{ method: "POST", url: SCHEDULES_API.release }}
                submitLabel="Release"
                successToast="The plan was released to the boning room."
                redirectTo={href("scheduleplanexecution", { id: "{id}" })}
              />
            )
            : (
              <p className="muted">Save a cut plan in the schedule builder to release it to a boning room.</p>
            )}
        </section>
      </>
    );
  },
});
