/**
 * The kill agenda documents as PDF (spec 1 §2 killagendareport, killagendacontrolleddocument), rendered on
 * the server from the same model as their print-ready pages (reports/killAgenda/). Reading one changes
 * nothing: the screens' PDF links and Print buttons mark the days printed (MarkPrinted) as they issue it.
 */
import { type ApiRouter, apiRouter } from "../../http/openapi.ts";
import { fileAnswer, fileRoute } from "../../http/files.ts";
import { apiService } from "../context.ts";
import { agendaReport, controlBlock } from "../../../reports/killAgenda/model.ts";
import { renderAgendaPdf } from "../../../reports/killAgenda/pdf.tsx";
import { KillAgendaQueries } from "./queries.ts";
import { DayQuery } from "./schemas.ts";
import { AGENDA_READ, KILL_AGENDA_DOCUMENTS } from "./paths.ts";
import { formatDateTime } from "../../../kernel/format.ts";
import { serverNow } from "../../http/clientClock.ts";

export const REPORT_TITLE = "Kill Agenda";
export const CONTROLLED_TITLE = "Kill Agenda — Controlled Document";

/** "23 Nov 2026, 6:05 am": now in the plant's zone (ClientClock.timeZone), as every printout says it. */
export function nowAtPlant(timeZone: string): string {
  return formatDateTime(serverNow().toISOString(), timeZone);
}

export const reportApi: ApiRouter = apiRouter()
  .openapi(
    fileRoute({
      path: KILL_AGENDA_DOCUMENTS.reportPdf,
      tags: ["Kill agenda"],
      summary: "The day's kill agenda as PDF: every species of yours (or one), grouped, with totals",
      access: AGENDA_READ,
      request: { query: DayQuery },
      type: "pdf",
    }),
    async (c) => {
      const q = c.req.valid("query");
      const agendas = await (await apiService(c, KillAgendaQueries)).documentDays(
        q,
        q.speciesId === undefined,
      );
      const date = q.date ?? c.get("clock").localDate;
      return fileAnswer(
        await renderAgendaPdf(agendaReport(REPORT_TITLE, agendas, date, nowAtPlant(c.get("clock").timeZone))),
        "pdf",
        `kill-agenda-${date}`,
      );
    },
  )
  .openapi(
    fileRoute({
      path: KILL_AGENDA_DOCUMENTS.controlledDocumentPdf,
      tags: ["Kill agenda"],
      summary: "The day's kill agenda of one species as a controlled document (number, version, sign-offs)",
      access: AGENDA_READ,
      request: { query: DayQuery },
      type: "pdf",
    }),
    async (c) => {
      const q = c.req.valid("query");
      const [agenda] = await (await apiService(c, KillAgendaQueries)).documentDays(q, false);
      const report = agendaReport(
        CONTROLLED_TITLE,
        [agenda],
        agenda.productionDate,
        nowAtPlant(c.get("clock").timeZone),
      );
      const control = controlBlock(agenda, c.get("clock").timeZone, serverNow());
      return fileAnswer(await renderAgendaPdf(report, control), "pdf", control.documentNumber);
    },
  );
