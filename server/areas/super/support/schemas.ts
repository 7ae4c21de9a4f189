/** The super user's support desk at the API boundary: problem reports of every organisation. */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { ProblemReport } from "../../support/schemas.ts";

/** A page of reports: at most this many at once, and no further in than REPORT_MAX_START. */
export const REPORT_PAGE_SIZE = { default: 25, max: 200 } as const;
export const REPORT_MAX_START = 5_000;

export const AllProblemReportsQuery = z.object({
  /** one organisation; absent = every organisation */
  tenantId: idNumber().optional(),
  /** "true": handled ones too; otherwise open ones only */
  all: z.enum(["true", "false"]).optional(),
  startIndex: wholeNumber({ min: 0, max: REPORT_MAX_START }).optional()
    .openapi({ description: "first row, from 0" }),
  pageSize: wholeNumber({ min: 1, max: REPORT_PAGE_SIZE.max }).optional()
    .openapi({ description: `rows in the answer (default ${REPORT_PAGE_SIZE.default})` }),
});
export type AllProblemReportsQuery = z.output<typeof AllProblemReportsQuery>;

export const TenantProblemReport = ProblemReport.extend({
  tenantId: z.number().int(),
  tenantName: z.string(),
}).openapi("TenantProblemReport");
export type TenantProblemReport = z.output<typeof TenantProblemReport>;

export const TenantProblemBody = z.object({ tenantId: idNumber(), id: idNumber() })
  .openapi("TenantProblemIdBody");
