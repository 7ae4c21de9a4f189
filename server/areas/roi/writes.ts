/** The ROI report writes another part of the area may call inside its own unit of work. */
import { eq } from "drizzle-orm";
import { roiLayouts, roiReports } from "../../../db/tenant/schema.ts";
import { nextModified, type Unit } from "../context.ts";
import { findReport } from "./definitions/store.ts";

/**
 * Marks a report's layout as saved (the layout designer's save): bumps the report's version, so a cached
 * grid and an open wizard see the change. Answers the new version.
 */
export async function setLayoutSaved(unit: Pick<Unit, "tx">, reportId: number): Promise<number> {
  const row = await findReport(unit.tx, reportId);
  await unit.tx.update(roiReports)
    .set({ isLayoutSaved: true, version: row.version + 1, lastModified: nextModified(row.lastModified) })
    .where(eq(roiReports.id, reportId));
  return row.version + 1;
}

/** Deletes every layout of a report (the report's delete, in its unit of work). Answers how many went. */
export async function deleteLayoutsOf(unit: Pick<Unit, "tx">, reportId: number): Promise<number> {
  const gone = await unit.tx.delete(roiLayouts).where(eq(roiLayouts.definitionId, reportId))
    .returning({ id: roiLayouts.id });
  return gone.length;
}
