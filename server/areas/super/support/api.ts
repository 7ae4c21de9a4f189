/**
 * api/super/… the support desk (super only): every organisation's reported problems, a page at a time
 * (the total in X-Total-Count), and marking one handled. The support files themselves are the storage
 * area's calls (GetBlobsForFolder, DownloadSupportBlob, UploadSupportBlob…, SuperDeleteSupportBlob…).
 */
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { AllProblemReportsQuery, TenantProblemBody, TenantProblemReport } from "./schemas.ts";
import { allProblemReports, markReportHandled } from "./operations.ts";

export const SUPER_SUPPORT_API = {
  problemReports: "/api/super/GetAllProblemReports",
  markHandled: "/api/super/MarkTenantProblemHandled",
} as const;

const api = areaApi(["Super"]);

api.page(
  SUPER_SUPPORT_API.problemReports,
  "Problems reported in every organisation (or one), open ones first, newest first; paged " +
    "(at most 200 a page), the total in X-Total-Count",
  { query: AllProblemReportsQuery },
  TenantProblemReport,
  SUPER,
  allProblemReports,
);

api.post(
  SUPER_SUPPORT_API.markHandled,
  "Mark an organisation's reported problem handled (as its support staff would)",
  TenantProblemBody,
  TenantProblemReport,
  SUPER,
  markReportHandled,
);

export const superSupportApi = api.router();
