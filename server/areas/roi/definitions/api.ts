import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { IdParam } from "../../../http/params.ts";
import { ROI_ACCESS, ROI_FAVOURITE_ACCESS } from "../access.ts";
import { reportResult } from "../reads.ts";
import {
  copyReport,
  deleteReport,
  getReport,
  listReports,
  listTemplates,
  publishReport,
  reportFromTemplate,
  saveAsTemplate,
  saveReport,
  setFavourite,
} from "./operations.ts";
import {
  FavouriteBody,
  PublishBody,
  ReportDefinitionSchema,
  ReportIdBody,
  ReportListItemSchema,
  SaveReportBody,
  SaveTemplateBody,
  TemplateSchema,
  VersionedIdBody,
} from "./schemas.ts";
import { RoiGridSchema } from "./gridSchema.ts";

/** The paths the wizard and the report pages call. */
export const ROI_API = {
  reports: "/api/report/RoiReports",
  report: "/api/report/RoiReport/{id}",
  result: "/api/report/RoiReportResult/{id}",
  save: "/api/report/SaveRoiReport",
  copy: "/api/report/CopyRoiReport",
  delete: "/api/report/DeleteRoiReport",
  publish: "/api/report/PublishRoiReport",
  favourite: "/api/report/SetRoiReportFavourite",
  templates: "/api/report/RoiTemplates",
  saveTemplate: "/api/report/SaveRoiTemplate",
  fromTemplate: "/api/report/CreateRoiReportFromTemplate",
} as const;

/** ROI report definitions, templates and results (issue 42; spec 3 §3, §7 "report calls"). */
const api = areaApi(["ROI reports"]);

api.get(
  ROI_API.reports,
  "Every ROI report (the report list: ranges, column counts, publish and favourite state)",
  {},
  z.array(ReportListItemSchema),
  ROI_ACCESS,
  listReports,
);
api.get(
  ROI_API.report,
  "One ROI report's definition (columns, lines, labels, version)",
  { params: IdParam },
  ReportDefinitionSchema,
  ROI_ACCESS,
  (ctx, { id }) => getReport(ctx, id),
);
api.get(
  ROI_API.result,
  "One ROI report's grid: values per line and column, section totals, bottom line (credit − debit), total column, variance per budget column",
  { params: IdParam },
  RoiGridSchema,
  ROI_ACCESS,
  (ctx, { id }) => reportResult(ctx, id),
);
api.post(
  ROI_API.save,
  "Save an ROI report (no id: a new one; with id: the version read, 409 when changed since). 400 for an external source, an end before the start, a budget column or operator line naming nothing.",
  SaveReportBody,
  ReportDefinitionSchema,
  ROI_ACCESS,
  saveReport,
);
api.post(
  ROI_API.copy,
  'Copy an ROI report (named "… (copy)")',
  ReportIdBody,
  ReportDefinitionSchema,
  ROI_ACCESS,
  copyReport,
);
api.post(
  ROI_API.delete,
  "Delete an ROI report (only while it is not published)",
  VersionedIdBody,
  z.object({ id: z.number() }),
  ROI_ACCESS,
  deleteReport,
);
api.post(
  ROI_API.publish,
  "Publish (isPublished true) or unpublish an ROI report",
  PublishBody,
  ReportDefinitionSchema,
  ROI_ACCESS,
  publishReport,
);
api.post(
  ROI_API.favourite,
  "Mark or unmark an ROI report as one of your favourites (shown on the ROI analysis menu)",
  FavouriteBody,
  z.object({ id: z.number(), isFavourite: z.boolean() }),
  ROI_FAVOURITE_ACCESS,
  setFavourite,
);
api.get(
  ROI_API.templates,
  "The ROI report templates",
  {},
  z.array(TemplateSchema),
  ROI_ACCESS,
  listTemplates,
);
api.post(
  ROI_API.saveTemplate,
  "Save an ROI report as a template (a new, unique name)",
  SaveTemplateBody,
  TemplateSchema,
  ROI_ACCESS,
  saveAsTemplate,
);
api.post(
  ROI_API.fromTemplate,
  "Start a new ROI report from a template (id: the template's)",
  ReportIdBody,
  ReportDefinitionSchema,
  ROI_ACCESS,
  reportFromTemplate,
);

export const roiDefinitionsApi = api.router();
