/**
 * The kill agenda documents as PDF (spec 1 §2 killagendareport, killagendacontrolleddocument), rendered on
 * the server from the same model as their print-ready pages (reports/killAgenda/). Reading one changes
 * nothing: the screens' PDF links and Print buttons mark the days printed (MarkPrinted) as they issue it.
 */
import { areaApi } from "../areaApi.ts";
import { agendaReport, controlBlock } from "../../../reports/killAgenda/model.ts";
import { onFirstUse } from "../../../kernel/onFirstUse.ts";
import { documentDays } from "./queries.ts";
import { DayQuery } from "./schemas.ts";
import { AGENDA_READ, KILL_AGENDA_DOCUMENTS } from "./paths.ts";
import { formatDateTime } from "../../../kernel/format.ts";
import { serverNow } from "../../clock.ts";

/** The PDF renderer, loaded on the first download (@react-pdf/renderer is heavy; start-up does not need it). */
const agendaPdf = onFirstUse(() => import("../../../reports/killAgenda/pdf.tsx"));

export const REPORT_TITLE = "Kill Agenda";
export const CONTROLLED_TITLE = "Kill Agenda — Controlled Document";

/** "23 Nov 2026, 6:05 am": now in the plant's zone (ClientClock.timeZone), as every printout says it. */
export function nowAtPlant(timeZone: string): string {
  return formatDateTime(serverNow().toISOString(), timeZone);
}

const api = areaApi(["Kill agenda"]);

api.file(
  KILL_AGENDA_DOCUMENTS.reportPdf,
  "The day's kill agenda as PDF: every species of yours (or one), grouped, with totals",
  { query: DayQuery },
  "pdf",
  AGENDA_READ,
  async (ctx, q, c) => {
    const agendas = await documentDays(ctx, q, q.speciesId === undefined);
    const date = q.date ?? ctx.today;
    const report = agendaReport(REPORT_TITLE, agendas, date, nowAtPlant(c.get("clock").timeZone));
    return { body: await (await agendaPdf()).renderAgendaPdf(report), name: `kill-agenda-${date}` };
  },
);

api.file(
  KILL_AGENDA_DOCUMENTS.controlledDocumentPdf,
  "The day's kill agenda of one species as a controlled document (number, version, sign-offs)",
  { query: DayQuery },
  "pdf",
  AGENDA_READ,
  async (ctx, q, c) => {
    const { timeZone } = c.get("clock");
    const [agenda] = await documentDays(ctx, q, false);
    const report = agendaReport(CONTROLLED_TITLE, [agenda], agenda.productionDate, nowAtPlant(timeZone));
    const control = controlBlock(agenda, timeZone, serverNow());
    return { body: await (await agendaPdf()).renderAgendaPdf(report, control), name: control.documentNumber };
  },
);

export const killAgendaDocumentsApi = api.router();
