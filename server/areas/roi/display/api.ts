import { areaApi } from "../../areaApi.ts";
import { IdParam } from "../../../http/params.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { serverNow } from "../../../clock.ts";
import { onFirstUse } from "../../../../kernel/onFirstUse.ts";
import { ROI_ACCESS } from "../access.ts";
import { shownReport } from "./operations.ts";

/** The PDF (and CSV) writer, loaded on the first download (@react-pdf/renderer is heavy; start-up does not need it). */
const roiPdf = onFirstUse(() => import("../../../../reports/roi/pdf.tsx"));

export const ROI_DISPLAY_API = {
  pdf: "/api/report/RoiReportPdf/{id}",
  csv: "/api/report/RoiReportCsv/{id}",
} as const;

const fileName = (name: string) =>
  name.replace(/[^A-Za-z0-9 _-]+/g, "").trim().replace(/\s+/g, "-") || "roi-report";

const api = areaApi(["ROI reports: display"]);

api.file(
  ROI_DISPLAY_API.pdf,
  "An ROI report as PDF, as its layout shows it (A4; landscape past 8 columns; page x of y)",
  { params: IdParam },
  "pdf",
  ROI_ACCESS,
  async (ctx, { id }, c) => {
    const shown = await shownReport(ctx, id);
    const printedAt = formatDateTime(serverNow().toISOString(), c.get("clock").timeZone);
    const body = await (await roiPdf()).renderRoiPdf({
      report: shown.report,
      title: shown.definition.name,
      period: shown.period,
      printedAt,
    });
    return { body, name: fileName(shown.definition.name) };
  },
);

api.file(
  ROI_DISPLAY_API.csv,
  "An ROI report as CSV: the shown columns and rows, numbers without $ or grouping",
  { params: IdParam },
  "csv",
  ROI_ACCESS,
  async (ctx, { id }) => {
    const shown = await shownReport(ctx, id);
    return { body: (await roiPdf()).roiCsv(shown.report), name: fileName(shown.definition.name) };
  },
);

export const roiDisplayApi = api.router();
