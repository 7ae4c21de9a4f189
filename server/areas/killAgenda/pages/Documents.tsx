/**
 * The kill agenda report (killagendareport: the day's lots of every species, or one, grouped with totals)
 * and the controlled document (killagendacontrolleddocument: one species, numbered and versioned, with
 * sign-off lines), as print-ready pages. No island: "Print" marks the day printed through the shell's
 * `data-print` (its lots are kept from then on) and opens the browser's print; "PDF" downloads the same
 * document rendered on the server.
 */
import { href } from "../../../access/routes.ts";
import { defineScreen } from "../../../pages/screen.ts";
import type { PageContext } from "../../../pages/context.ts";
import { pageAreaContext } from "../../context.ts";
import { agendaReport, controlBlock } from "../../../../reports/killAgenda/model.ts";
import { AgendaDocument } from "../../../../reports/killAgenda/html.tsx";
import { KILL_AGENDA_API, KILL_AGENDA_DOCUMENTS } from "../paths.ts";
import { agendaDay, documentDays } from "../queries.ts";
import { CONTROLLED_TITLE, nowAtPlant, REPORT_TITLE } from "../reportApi.ts";
import { serverNow } from "../../../clock.ts";
import { apiDayHref, DayFilter, dayQuery, DaySearch, pickersOf } from "../../../pages/DayFilter.tsx";

const printedAt = (context: PageContext) => nowAtPlant(context.timeZone);

/** What marks the shown days printed when the document is printed or downloaded (shell.ts `data-print`). */
export const markPrinted = (agendaIds: number[]) => ({
  "data-print": agendaIds.length ? KILL_AGENDA_API.markPrinted : "",
  "data-print-ids": agendaIds.join(","),
  "data-print-key": "killAgendaId",
});

function PrintBar({ pdf, agendaIds }: { pdf: string; agendaIds: number[] }) {
  return (
    <div className="actions no-print">
      <button type="button" className="btn btn-primary" {...markPrinted(agendaIds)}>Print</button>
      <a className="btn" href={pdf} download {...markPrinted(agendaIds)}>PDF</a>
    </div>
  );
}

export const KillAgendaReportScreen = defineScreen({
  validateSearch: DaySearch,
  loader: async ({ context, search }) => {
    const date = search.date ?? context.today;
    const days = await documentDays(
      await pageAreaContext(context),
      { ...dayQuery(search), date },
      !search.species,
    );
    return {
      days,
      date,
      species: search.species ?? null,
      pickers: pickersOf(context),
      printedAt: printedAt(context),
    };
  },
  component: ({ data }) => {
    const siteId = data.days[0]?.tenantSiteId ?? 0;
    const report = agendaReport(REPORT_TITLE, data.days, data.date, data.printedAt);
    return (
      <section className="panel">
        <div className="panel-head no-print">
          <h2>Kill agenda report</h2>
          <PrintBar
            pdf={apiDayHref(KILL_AGENDA_DOCUMENTS.reportPdf, {
              date: data.date,
              speciesId: data.species,
              tenantSiteId: siteId,
            })}
            agendaIds={data.days.filter((d) => d.items.length).map((d) => d.id)}
          />
        </div>
        <DayFilter
          path={href("killagendareport")}
          date={data.date}
          speciesId={data.species}
          siteId={siteId}
          pickers={data.pickers}
          allSpecies
        />
        <AgendaDocument report={report} />
      </section>
    );
  },
});

export const ControlledDocumentScreen = defineScreen({
  validateSearch: DaySearch,
  loader: async ({ context, search }) => {
    return {
      agenda: await agendaDay(await pageAreaContext(context), dayQuery(search)),
      pickers: pickersOf(context),
      printedAt: printedAt(context),
    };
  },
  component: ({ data, context }) => {
    const { agenda } = data;
    const q = { date: agenda.productionDate, speciesId: agenda.speciesId, tenantSiteId: agenda.tenantSiteId };
    return (
      <section className="panel">
        <div className="panel-head no-print">
          <h2>Kill agenda controlled document</h2>
          <PrintBar
            pdf={apiDayHref(KILL_AGENDA_DOCUMENTS.controlledDocumentPdf, q)}
            agendaIds={agenda.items.length ? [agenda.id] : []}
          />
        </div>
        <DayFilter
          path={href("killagendacontrolleddocument")}
          date={agenda.productionDate}
          speciesId={agenda.speciesId}
          siteId={agenda.tenantSiteId}
          pickers={data.pickers}
        />
        <AgendaDocument
          report={agendaReport(CONTROLLED_TITLE, [agenda], agenda.productionDate, data.printedAt)}
          control={controlBlock(agenda, context.timeZone, serverNow())}
        />
      </section>
    );
  },
});
