/** A report row ↔ its definition (reports/roi/model.ts), and the one lookup every ROI read starts from. */
import { eq } from "drizzle-orm";
import { roiReports } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import type {
  ReportColumn,
  ReportDefinition,
  ReportLine,
  ReportOption,
} from "../../../../reports/roi/model.ts";

export type ReportRow = typeof roiReports.$inferSelect;

export const REPORT_ENTITY = "roiReport";

export function toDefinition(row: ReportRow): ReportDefinition {
  return {
    id: row.id,
    name: row.name,
    reportOption: row.reportOption as ReportOption,
    customCreditLabel: row.customCreditLabel,
    customDebitLabel: row.customDebitLabel,
    speciesId: row.speciesId,
    isIncludeBudgetColumns: row.isIncludeBudgetColumns,
    startDate: row.startDate,
    endDate: row.endDate,
    columns: row.columns as ReportColumn[],
    reportDataLines: row.lines as ReportLine[],
    isLayoutSaved: row.isLayoutSaved,
    publishedDateUtc: row.publishedAt,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    roiTemplateId: row.roiTemplateId,
    version: row.version,
    lastModified: row.lastModified,
  };
}

/** The report's row, or 404 in words. */
export async function findReport(db: AreaContext["db"] | TenantTx, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(roiReports).where(eq(roiReports.id, id));
  if (!row) throw ApiError.notFound("That ROI report does not exist.");
  return row;
}

/** 409 when the report was saved by someone else since `version` was read. */
export function assertVersion(row: ReportRow, version: number | null) {
  if (version !== null && version !== row.version) {
    throw ApiError.conflict(
      "The report was changed by someone else since you opened it. Reload and try again.",
    );
  }
}
