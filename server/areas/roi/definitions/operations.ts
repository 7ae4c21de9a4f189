/**
 * ROI report definitions (issue 42 item 2): the report list, one report, the wizard's save (a new report,
 * or a change naming the version read: 409 when stale), copy, delete (only while not published), publish
 * and unpublish, templates (save a report as one, list them, start a report from one). Each write is one
 * unit of work with its audit row; a save bumps the version, which is what the cached grids key on.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { roiDataTables, roiFavourites, roiReports, roiTemplates } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import { displayName } from "../../audit.ts";
import type { In } from "../../areaApi.ts";
import { columnRanges, rangeTypeOf } from "../../../../reports/roi/dates.ts";
import {
  REPORT_OPTIONS,
  type ReportColumn,
  type ReportDefinition,
  type ReportLine,
  type ReportListItem,
  type RoiTemplate,
  sourceCategoryOf,
} from "../../../../reports/roi/model.ts";
import { definitionProblems } from "./rules.ts";
import { assertVersion, findReport, REPORT_ENTITY, type ReportRow, toDefinition } from "./store.ts";
import type { PublishBody, SaveReportBody, SaveTemplateBody, VersionedIdBody } from "./schemas.ts";
import { tableIdOf } from "../sources/tables.ts";
import { deleteLayoutsOf } from "../writes.ts";

const TEMPLATE_ENTITY = "roiTemplate";

const optionName = (id: number) => REPORT_OPTIONS.find((o) => o.id === id)?.name ?? "Plant";

function listItem(row: ReportRow, favourites: Set<number>): ReportListItem {
  const columns = row.columns as ReportColumn[];
  const budgets = columns.filter((c) => c.budgetForId !== null).length;
  return {
    id: row.id,
    name: row.name,
    reportOptionName: optionName(row.reportOption),
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    lastModified: row.lastModified,
    isDeleteAllowed: row.publishedAt === null,
    isPublished: row.publishedAt !== null,
    isFavourite: favourites.has(row.id),
    columnRanges: columnRanges(columns),
    dataColumnCount: columns.length - budgets,
    budgetColumnCount: budgets,
    isHasBudgetColumns: row.isIncludeBudgetColumns && budgets > 0,
    columns: columns.map((c) => ({ ...c, rangeType: rangeTypeOf(c.startDate, c.endDate) })),
  };
}

export async function listReports(ctx: AreaContext): Promise<ReportListItem[]> {
  const [rows, favs] = await Promise.all([
    ctx.db.select().from(roiReports).orderBy(desc(roiReports.lastModified), desc(roiReports.id)),
    ctx.db.select({ id: roiFavourites.reportId }).from(roiFavourites).where(
      eq(roiFavourites.userId, ctx.caller.user.id),
    ),
  ]);
  const favourites = new Set(favs.map((f) => f.id));
  return rows.map((r) => listItem(r, favourites));
}

export async function getReport(ctx: AreaContext, id: number): Promise<ReportDefinition> {
  return toDefinition(await findReport(ctx.db, id));
}

type SaveInput = In<typeof SaveReportBody>;

/** 400 with every problem of the definition, the tables its lines name included. */
async function checkDefinition(ctx: AreaContext, input: Omit<SaveInput, "id" | "version">) {
  const problems = definitionProblems({
    ...input,
    reportDataLines: input.reportDataLines.map((l) => ({ ...l, category: sourceCategoryOf(l.category) })),
  });
  const tables = new Set(
    (await ctx.db.select({ id: roiDataTables.id }).from(roiDataTables)).map((t) => t.id),
  );
  input.reportDataLines.forEach((l, i) => {
    if ((l.category === 0 || l.category === 3) && !tables.has(tableIdOf(l.sourceId) ?? 0)) {
      problems.push({
        field: `reportDataLines.${i}.sourceId`,
        message: `Line "${l.displayName}": choose one of the uploaded tables.`,
      });
    }
    if (l.budget.kind === "reference" && !tables.has(l.budget.referenceDataId)) {
      problems.push({
        field: `reportDataLines.${i}.budget`,
        message: `Line "${l.displayName}": its budget table does not exist.`,
      });
    }
  });
  if (input.speciesId !== null && !ctx.scope.hasSpecies(input.speciesId)) {
    problems.push({ field: "speciesId", message: "Choose one of your species." });
  }
  if (problems.length) throw ApiError.validation(problems);
}

const values = (input: Omit<SaveInput, "id" | "version">) => ({
  name: input.name,
  reportOption: input.reportOption,
  speciesId: input.speciesId,
  startDate: input.startDate,
  endDate: input.endDate,
  customCreditLabel: input.customCreditLabel,
  customDebitLabel: input.customDebitLabel,
  isIncludeBudgetColumns: input.isIncludeBudgetColumns,
  columns: input.columns as ReportColumn[],
  lines: input.reportDataLines as ReportLine[],
  roiTemplateId: input.roiTemplateId,
});

export async function saveReport(ctx: AreaContext, input: SaveInput): Promise<ReportDefinition> {
  await checkDefinition(ctx, input);
  const row = await ctx.write(async (tx, unit) => {
    const fields = values(input);
    if (input.id === null) {
      const now = nextModified();
      const [saved] = await tx.insert(roiReports).values({
        ...fields,
        ownerId: ctx.caller.user.id,
        ownerName: displayName(ctx.caller),
        version: 1,
        createdAt: now,
        lastModified: now,
      }).returning();
      await unit.audit({
        entity: REPORT_ENTITY,
        entityId: saved.id,
        action: "create",
        after: { name: saved.name },
      });
      return saved;
    }
    const current = await findReport(tx, input.id);
    assertVersion(current, input.version);
    const [saved] = await tx.update(roiReports)
      .set({ ...fields, version: current.version + 1, lastModified: nextModified(current.lastModified) })
      .where(eq(roiReports.id, current.id)).returning();
    await unit.audit({
      entity: REPORT_ENTITY,
      entityId: saved.id,
      action: "update",
      after: { name: saved.name, version: saved.version },
    });
    return saved;
  });
  return toDefinition(row);
}

export async function copyReport(ctx: AreaContext, { id }: { id: number }): Promise<ReportDefinition> {
  const source = toDefinition(await findReport(ctx.db, id));
  return saveReport(ctx, {
    ...source,
    id: null,
    version: null,
    name: `${source.name} (copy)`.slice(0, 120),
  } as SaveInput);
}

export async function deleteReport(
  ctx: AreaContext,
  body: In<typeof VersionedIdBody>,
): Promise<{ id: number }> {
  await ctx.write(async (tx, unit) => {
    const current = await findReport(tx, body.id);
    assertVersion(current, body.version);
    if (current.publishedAt !== null) {
      throw ApiError.validation([{ field: "id", message: "Unpublish the report before deleting it." }]);
    }
    await tx.delete(roiFavourites).where(eq(roiFavourites.reportId, current.id));
    const layouts = await deleteLayoutsOf(unit, current.id);
    await tx.delete(roiReports).where(eq(roiReports.id, current.id));
    await unit.audit({
      entity: REPORT_ENTITY,
      entityId: current.id,
      action: "delete",
      before: { name: current.name, layouts },
    });
  });
  return { id: body.id };
}

export async function publishReport(
  ctx: AreaContext,
  body: In<typeof PublishBody>,
): Promise<ReportDefinition> {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findReport(tx, body.id);
    assertVersion(current, body.version);
    const publishedAt = body.isPublished ? new Date().toISOString() : null;
    const [saved] = await tx.update(roiReports)
      .set({ publishedAt, version: current.version + 1, lastModified: nextModified(current.lastModified) })
      .where(eq(roiReports.id, current.id)).returning();
    await unit.audit({
      entity: REPORT_ENTITY,
      entityId: current.id,
      action: body.isPublished ? "publish" : "unpublish",
    });
    return saved;
  });
  return toDefinition(row);
}

export async function setFavourite(ctx: AreaContext, body: { id: number; isFavourite: boolean }) {
  await findReport(ctx.db, body.id);
  await ctx.write(async (tx) => {
    const userId = ctx.caller.user.id;
    await tx.delete(roiFavourites).where(
      and(eq(roiFavourites.userId, userId), eq(roiFavourites.reportId, body.id)),
    );
    if (body.isFavourite) {
      await tx.insert(roiFavourites).values({
        userId,
        reportTypeId: 1,
        reportId: body.id,
        createdAt: new Date().toISOString(),
      })
        .onConflictDoNothing();
    }
  });
  return { id: body.id, isFavourite: body.isFavourite };
}

function toTemplate(row: typeof roiTemplates.$inferSelect): RoiTemplate {
  return {
    id: row.id,
    name: row.name,
    reportOption: row.reportOption as RoiTemplate["reportOption"],
    customCreditLabel: row.customCreditLabel,
    customDebitLabel: row.customDebitLabel,
    columns: row.columns as ReportColumn[],
    reportDataLines: row.lines as ReportLine[],
    layouts: row.layouts as RoiTemplate["layouts"],
    roiTemplateId: row.roiTemplateId,
  };
}

export async function listTemplates(ctx: AreaContext): Promise<RoiTemplate[]> {
  const rows = await ctx.db.select().from(roiTemplates).orderBy(asc(roiTemplates.name));
  return rows.map(toTemplate);
}

export async function saveAsTemplate(
  ctx: AreaContext,
  body: In<typeof SaveTemplateBody>,
): Promise<RoiTemplate> {
  const report = toDefinition(await findReport(ctx.db, body.id));
  const row = await ctx.write(async (tx, unit) => {
    const [clash] = await tx.select({ id: roiTemplates.id }).from(roiTemplates).where(
      eq(roiTemplates.name, body.name),
    );
    if (clash) {
      throw ApiError.validation([{
        field: "name",
        message: "A template of that name exists: choose another name.",
      }]);
    }
    const now = new Date().toISOString();
    const [saved] = await tx.insert(roiTemplates).values({
      name: body.name,
      reportOption: report.reportOption,
      customCreditLabel: report.customCreditLabel,
      customDebitLabel: report.customDebitLabel,
      columns: report.columns,
      lines: report.reportDataLines,
      layouts: [],
      roiTemplateId: report.roiTemplateId,
      ownerName: displayName(ctx.caller),
      createdAt: now,
      lastModified: now,
    }).returning();
    await unit.audit({
      entity: TEMPLATE_ENTITY,
      entityId: saved.id,
      action: "create",
      after: { name: saved.name, fromReport: report.id },
    });
    return saved;
  });
  return toTemplate(row);
}

/** A new report from a template: its labels, columns and lines, named after it. */
export async function reportFromTemplate(
  ctx: AreaContext,
  { id }: { id: number },
): Promise<ReportDefinition> {
  const [row] = await ctx.db.select().from(roiTemplates).where(eq(roiTemplates.id, id));
  if (!row) throw ApiError.notFound("That template does not exist.");
  const t = toTemplate(row);
  const data = t.columns.filter((c) => c.budgetForId === null);
  return saveReport(ctx, {
    id: null,
    version: null,
    name: t.name,
    reportOption: t.reportOption,
    customCreditLabel: t.customCreditLabel,
    customDebitLabel: t.customDebitLabel,
    speciesId: null,
    isIncludeBudgetColumns: t.columns.some((c) => c.budgetForId !== null),
    startDate: data.length ? Math.min(...data.map((c) => c.startDate)) : 20260101,
    endDate: data.length ? Math.max(...data.map((c) => c.endDate)) : 20261231,
    columns: t.columns,
    reportDataLines: t.reportDataLines,
    roiTemplateId: t.id,
  } as SaveInput);
}
