/**
 * The day's kill agenda (home/killagenda, stockyard/killagenda): for a day, species and site the lots in
 * kill order with the running total against the day's target. The KillAgendaDay island reorders them (by
 * drag or keyboard), sets the kill floor, sends the day to the plant's systems, corrects head and recalls
 * a mob; it prints as the table alone.
 */
import { href } from "../../../access/routes.ts";
import { KillAgendaDay } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { KILL_AGENDA_API, KILL_AGENDA_DOCUMENTS } from "../paths.ts";
import { agendaDay, killFloors } from "../queries.ts";
import { markPrinted } from "./Documents.tsx";
import { type ComingDay, comingDays } from "../comingDays.ts";
import { apiDayHref, DayFilter, dayHref, dayQuery, DaySearch, pickersOf } from "../../../pages/DayFilter.tsx";

/** The API paths the day island calls. */
export const DAY_URLS = {
  getKillAgenda: KILL_AGENDA_API.getKillAgenda,
  reorder: KILL_AGENDA_API.reorder,
  setSiteLocation: KILL_AGENDA_API.setSiteLocation,
  sendToPlant: KILL_AGENDA_API.sendToPlant,
  sendToPlantCheck: KILL_AGENDA_API.sendToPlantCheck,
  recallMob: KILL_AGENDA_API.recallMob,
  correctHead: KILL_AGENDA_API.correctHead,
};

function dayScreen(routeName: "killagenda" | "stockyardKillagenda") {
  return defineScreen({
    validateSearch: DaySearch,
    kept: true,
    loader: async ({ context, search }) => {
      const ctx = await pageAreaContext(context);
      const agenda = await agendaDay(ctx, dayQuery(search));
      const key = { date: agenda.productionDate, speciesId: agenda.speciesId, siteId: agenda.tenantSiteId };
      return {
        agenda,
        coming: await comingDays(ctx, key),
        floors: await killFloors(ctx, agenda.tenantSiteId),
        pickers: pickersOf(context),
        today: context.today,
      };
    },
    component: ({ data }) => {
      const { agenda } = data;
      const q = {
        date: agenda.productionDate,
        speciesId: agenda.speciesId,
        tenantSiteId: agenda.tenantSiteId,
      };
      const path = href(routeName);
      const planFrom = agenda.productionDate < data.today ? data.today : agenda.productionDate;
      return (
        <section className="panel agenda-panel" aria-labelledby="agenda-title">
          <div className="panel-head">
            <h2 id="agenda-title">
              {agenda.species} kill · {formatDate(agenda.productionDate)}
              {agenda.productionDate === data.today && (
                <>
                  {" "}
                  <span className="badge badge-info agenda-today">Today</span>
                </>
              )}
              {agenda.siteName && (
                <>
                  {" "}
                  <span className="muted">· {agenda.siteName}</span>
                </>
              )}
            </h2>
            <nav className="actions no-print" aria-label="Agenda">
              <a className="btn" href={dayHref(href("killagendaFocusDay", { focusDay: planFrom }), q)}>
                Plan the week
              </a>
              <a className="btn" href={dayHref(href("killagendareport"), q)}>Report</a>
              <a className="btn" href={dayHref(href("killagendacontrolleddocument"), q)}>
                Controlled document
              </a>
              <a
                className="btn"
                href={apiDayHref(KILL_AGENDA_DOCUMENTS.reportPdf, q)}
                download
                {...markPrinted(agenda.items.length ? [agenda.id] : [])}
              >
                PDF
              </a>
            </nav>
          </div>
          <DayFilter
            path={path}
            date={agenda.productionDate}
            speciesId={agenda.speciesId}
            siteId={agenda.tenantSiteId}
            pickers={data.pickers}
          />
          <KillAgendaDay agenda={agenda} floors={data.floors} urls={DAY_URLS} />
          <ComingUp days={data.coming} dayLink={(date) => dayHref(path, { ...q, date })} />
        </section>
      );
    },
  });
}

export const KillAgendaScreen = dayScreen("killagenda");
export const StockyardKillAgendaScreen = dayScreen("stockyardKillagenda");

/** The next days at a glance (Settings › Stock settings › agenda planning days), each a link to its day. */
function ComingUp({ days, dayLink }: { days: ComingDay[]; dayLink: (date: string) => string }) {
  if (!days.length) return null;
  return (
    <nav className="coming-days no-print" aria-label="Coming days">
      <h3>Coming up</h3>
      <ul>
        {days.map((d) => (
          <li key={d.date}>
            <a href={dayLink(d.date)}>
              <strong>{formatDate(d.date)}</strong>
              <span>
                {d.lots
                  ? `${formatHead(d.head)} head in ${d.lots} ${d.lots === 1 ? "lot" : "lots"}`
                  : "Nothing planned"}
              </span>
              {d.target > 0 && (
                <span className={d.head > d.target ? "badge badge-warning" : "muted"}>
                  target {formatHead(d.target)}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
