/**
 * The seven-day kill planner (home/killagenda/{focusDay}): seven days from the focus day, which is not
 * before today (spec 1 §5: an earlier day opens from today), for a species at a site. The
 * KillAgendaPlanner island moves lots between days, plans unscheduled mobs and undelivered orders.
 */
import { z } from "zod";
import { href } from "../../../access/routes.ts";
import { idNumber } from "../../../http/params.ts";
import { KillAgendaPlanner } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { addDays, isCalendarDate } from "../../../../kernel/dates.ts";
import { ApiError } from "../../../http/errors.ts";
import { formatDate } from "../../../../kernel/format.ts";
import { KILL_AGENDA_API } from "../paths.ts";
import { agendaWeek } from "../queries.ts";
import { focusDayProblem, PLANNING_DAYS } from "../rules.ts";
import { dayHref, pickersOf } from "../../../pages/DayFilter.tsx";

export const PLANNER_URLS = {
  getSevenDayAgenda: KILL_AGENDA_API.getSevenDayAgenda,
  planReorder: KILL_AGENDA_API.planReorder,
  swapDates: KILL_AGENDA_API.swapDates,
  addUnscheduledMob: KILL_AGENDA_API.addUnscheduledMob,
  setDeliveryDates: KILL_AGENDA_API.setDeliveryDates,
};

export const KillAgendaPlannerScreen = defineScreen({
  kept: true,
  validateSearch: z.object({ species: idNumber().optional(), site: idNumber().optional() }),
  loader: async ({ context, params, search }) => {
    if (!isCalendarDate(params.focusDay ?? "")) throw ApiError.notFound("Use a day like 2026-12-01.");
    const moved = focusDayProblem(params.focusDay, context.today);
    const focusDay = moved ? context.today : params.focusDay;
    const ctx = await pageAreaContext(context);
    const week = await agendaWeek(ctx, { focusDay, speciesId: search.species, tenantSiteId: search.site });
    return { week, moved, pickers: pickersOf(context) };
  },
  component: ({ data }) => {
    const { week } = data;
    const q = { speciesId: week.speciesId, tenantSiteId: week.tenantSiteId };
    const planner = (day: string) =>
      dayHref(href("killagendaFocusDay", { focusDay: day }), { date: day, ...q })
        .replace(/date=[^&]*&/, "");
    const last = addDays(week.focusDay, PLANNING_DAYS - 1);
    return (
      <section className="panel planner-panel" aria-labelledby="planner-title">
        <div className="panel-head">
          <h2 id="planner-title">
            Plan the kill · {week.days[0]?.species} · {formatDate(week.focusDay, false)} – {formatDate(last)}
          </h2>
          <nav className="actions no-print" aria-label="Weeks">
            {week.focusDay > week.today && (
              <a
                className="btn"
                href={planner(
                  addDays(week.focusDay, -PLANNING_DAYS) < week.today
                    ? week.today
                    : addDays(week.focusDay, -PLANNING_DAYS),
                )}
              >
                ‹ Earlier
              </a>
            )}
            <a className="btn" href={planner(week.today)}>Today</a>
            <a className="btn" href={planner(addDays(week.focusDay, PLANNING_DAYS))}>Later ›</a>
          </nav>
        </div>
        {data.moved && <p className="notice" role="status">{data.moved} Showing the week from today.</p>}
        {(data.pickers.species.length > 1 || data.pickers.sites.length > 1) && (
          <form method="get" className="inline-form toolbar no-print" data-autosubmit>
            <Picker label="Species" name="species" options={data.pickers.species} value={week.speciesId} />
            <Picker label="Site" name="site" options={data.pickers.sites} value={week.tenantSiteId} />
            <noscript>
              <button className="btn" type="submit">Show</button>
            </noscript>
          </form>
        )}
        <p className="hint no-print">
          Drag a lot to change the kill order or the day. From the keyboard: Tab to a lot, Space to pick it
          up, the arrow keys to move it (left and right change the day), Space to put it down, Escape to
          cancel.
        </p>
        <KillAgendaPlanner
          week={week}
          urls={PLANNER_URLS}
          dayHref={dayHref(href("killagenda"), { date: "{date}", ...q })}
        />
      </section>
    );
  },
});

/** A species or site select, shown only where there is a choice. */
function Picker(
  { label, name, options, value }: {
    label: string;
    name: string;
    options: { id: number; name: string }[];
    value: number;
  },
) {
  if (options.length < 2) return null;
  return (
    <label>
      {label}{" "}
      <select className="input" name={name} defaultValue={value}>
        {options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
    </label>
  );
}
