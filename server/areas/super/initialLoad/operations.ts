/**
 * The initial data load (super only): a processor's spreadsheet of suppliers, stakeholders, buyers or
 * transport companies checked row by row with the app's own form rules (preview: nothing written), then
 * loaded into that organisation's database in one unit of work by the parties area's own write
 * (livestock/parties/writes.ts loadParties: every record with its audit entry), and the load itself in
 * the super audit. Rows are matched with existing records by their natural key, so loading a file twice
 * changes nothing the second time.
 */
import { and, desc, eq } from "drizzle-orm";
import { superAudit } from "../../../../db/control/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { loadParties } from "../../livestock/parties/writes.ts";
import { recordSuperAction } from "../writes.ts";
import { tenantContext } from "../tenantContext.ts";
import { type LoadKind, naturalKey, planRows, type Species, templateCsv, templateFileName } from "./rules.ts";
import { type InitialLoadPreview, type InitialLoadResult, NOTES_SHOWN } from "./schemas.ts";
import { classify, currentRecords, layoutOf, readUpload, summary } from "./steps.ts";

/** The super audit's name for a load (SUPER_ACTION_LABELS words it). */
export const LOAD_ACTION = "InitialDataLoad";

interface Upload {
  tenantId: number;
  kind: LoadKind;
  file: File;
}

export function loadTemplate(kind: LoadKind) {
  return { fileName: templateFileName(kind), text: templateCsv(kind) };
}

/** Every row checked and matched; nothing is written. */
export async function previewLoad(ctx: AreaContext, input: Upload): Promise<InitialLoadPreview> {
  const target = await targetOf(ctx, input.tenantId);
  const file = await readUpload(input.file);
  const layout = layoutOf(input.kind, file.text);
  const current = await currentRecords(target.ctx.db, input.kind);
  const plan = classify(
    input.kind,
    planRows(input.kind, layout, current.records, target.species),
    current.rows,
  );
  const warnings = plan.flatMap((p) => p.warnings);
  return {
    ...summary(target, input.kind, file.name, layout, plan, "problemsFirst"),
    digest: file.digest,
    ignoredColumns: layout.ignored,
    warnings: warnings.slice(0, NOTES_SHOWN),
    moreWarnings: Math.max(0, warnings.length - NOTES_SHOWN),
  };
}

/**
 * The previewed file's good rows written in one unit (all or none): new records added, matched ones
 * updated where the file changes them, each with its audit entry; rows with problems left out.
 */
export async function loadFile(
  ctx: AreaContext,
  input: Upload & { digest: string },
): Promise<InitialLoadResult> {
  const target = await targetOf(ctx, input.tenantId);
  const file = await readUpload(input.file);
  if (file.digest !== input.digest) {
    throw ApiError.conflict("This is not the file that was previewed: preview it again, then load it.");
  }
  const layout = layoutOf(input.kind, file.text);
  const plan = await target.ctx.write(async (tx, unit) => {
    // matched again inside the transaction: what changed since the preview is taken into account
    const current = await currentRecords(tx, input.kind);
    const plan = classify(
      input.kind,
      planRows(input.kind, layout, current.records, target.species),
      current.rows,
    );
    const keyOf = (s: (typeof plan)[number]) => naturalKey(input.kind, s.outcome.name, s.outcome.pic);
    const written = plan.filter((p) => p.action === "add" || p.action === "update");
    const { added, updated } = await loadParties(unit, input.kind, {
      steps: written.map((s) =>
        s.action === "add"
          ? { key: keyOf(s), values: s.values }
          : { key: keyOf(s), values: s.values, before: current.rows.get(s.outcome.recordId!)! }
      ),
      keyOf: (r) => naturalKey(input.kind, r.name, typeof r.pic === "string" ? r.pic : ""),
      reason: `Initial data load: ${file.name}`,
    });
    const adds = written.filter((p) => p.action === "add");
    const updates = written.filter((p) => p.action === "update");
    for (const step of adds) {
      const row = added.get(keyOf(step))!;
      step.outcome.recordId = row.id;
      step.lastModified = row.lastModified;
    }
    for (const step of updates) step.lastModified = updated.get(step.outcome.recordId!);
    return plan;
  });
  const result = summary(target, input.kind, file.name, layout, plan, "writtenFirst");
  await recordSuperAction(ctx, {
    tenantId: target.id,
    action: LOAD_ACTION,
    detail: { kind: input.kind, fileName: file.name, ...result.counts },
  });
  return result;
}

/** The organisation's latest loads, newest first (the super audit keeps them). */
export async function recentLoads(ctx: AreaContext, tenantId: number, limit = 10) {
  const rows = await ctx.app.db.control.select({
    id: superAudit.id,
    at: superAudit.at,
    userName: superAudit.userName,
    detail: superAudit.detail,
  }).from(superAudit).where(and(eq(superAudit.tenantId, tenantId), eq(superAudit.action, LOAD_ACTION)))
    .orderBy(desc(superAudit.id)).limit(limit);
  return rows.map((r) => ({ ...r, detail: (r.detail ?? {}) as Partial<LoadDetail> }));
}

export interface LoadDetail {
  kind: LoadKind;
  fileName: string;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** The organisation (404 when there is none), its species, and an area context working in it. */
async function targetOf(ctx: AreaContext, tenantId: number) {
  const there = await tenantContext(ctx, tenantId);
  const species: Species = there.caller.species;
  return { id: tenantId, name: there.tenant.name, species, ctx: there };
}
