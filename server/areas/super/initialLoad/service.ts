/**
 * The initial data load (super only): a processor's spreadsheet of suppliers, stakeholders, buyers or
 * transport companies checked row by row with the app's own form rules (preview: nothing written), then
 * loaded into that organisation's database in one transaction, every record with its audit entry, and
 * the load itself in the super audit. Rows are matched with existing records by their natural key, so
 * loading a file twice changes nothing the second time.
 */
import { and, desc, eq } from "drizzle-orm";
import { species, superAudit, tenantSpecies } from "../../../../db/control/schema.ts";
import { buyers, stakeholders, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { ApiError } from "../../../http/errors.ts";
import { changedValues, recordAudit } from "../../audit.ts";
import { type AreaContext, areaContext, nextModified, type TenantTx } from "../../context.ts";
import { partyRow, toStakeholder, toSupplier } from "../../livestock/parties/service.ts";
import type {
  BuyerBody,
  StakeholderBody,
  SupplierBody,
  TransportCompanyBody,
} from "../../livestock/parties/schemas.ts";
import { recordSuperAudit } from "../audit.ts";
import { SuperTenantService } from "../tenants/service.ts";
import {
  type CheckedBody,
  type ExistingRecord,
  type FileLayout,
  INITIAL_LOAD_MAX_BYTES,
  KINDS,
  type LoadKind,
  naturalKey,
  planRows,
  readFile,
  type Species,
  templateCsv,
  templateFileName,
} from "./rules.ts";
import { type InitialLoadPreview, type InitialLoadResult, NOTES_SHOWN } from "./schemas.ts";

/** The super audit's name for a load (SUPER_ACTION_LABELS words it). */
export const LOAD_ACTION = "InitialDataLoad";

const TABLES = { suppliers, stakeholders, buyers, transportCompanies } as const;
// one code path for four tables of the same shape (id, name, their fields, createdAt, lastModified)
type AnyTable = typeof buyers;
type Row = Record<string, unknown> & { id: number; name: string; lastModified: string };
type Outcome = InitialLoadResult["outcomes"][number];

interface Upload {
  tenantId: number;
  kind: LoadKind;
  file: File;
}

export class InitialLoadService {
  constructor(private readonly ctx: AreaContext) {}

  template(kind: LoadKind) {
    return { fileName: templateFileName(kind), text: templateCsv(kind) };
  }

  /** Every row checked and matched; nothing is written. */
  async preview(input: Upload): Promise<InitialLoadPreview> {
    const target = await this.#target(input.tenantId);
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
   * The previewed file's good rows written in one transaction (all or none): new records added, matched
   * ones updated where the file changes them, each with its audit entry; rows with problems left out.
   */
  async load(input: Upload & { digest: string }): Promise<InitialLoadResult> {
    const target = await this.#target(input.tenantId);
    const file = await readUpload(input.file);
    if (file.digest !== input.digest) {
      throw ApiError.conflict("This is not the file that was previewed: preview it again, then load it.");
    }
    const layout = layoutOf(input.kind, file.text);
    const info = KINDS[input.kind];
    const table = TABLES[input.kind] as unknown as AnyTable;
    const reason = `Initial data load: ${file.name}`;
    const plan = await target.ctx.db.transaction(async (tx) => {
      // matched again inside the transaction: what changed since the preview is taken into account
      const current = await currentRecords(tx, input.kind);
      const plan = classify(
        input.kind,
        planRows(input.kind, layout, current.records, target.species),
        current.rows,
      );
      await addAll(tx, input.kind, plan.filter((p) => p.action === "add"));
      for (const step of plan) {
        if (step.action === "add") {
          await recordAudit(tx, target.ctx, {
            entity: info.entity,
            entityId: step.outcome.recordId!,
            action: "create",
            after: step.values,
            reason,
          });
        } else if (step.action === "update") {
          const before = current.rows.get(step.outcome.recordId!)!;
          const next = { ...step.values, lastModified: nextModified(before.lastModified) };
          await tx.update(table).set(next as never).where(eq(table.id, before.id));
          step.lastModified = next.lastModified;
          await recordAudit(tx, target.ctx, {
            entity: info.entity,
            entityId: before.id,
            action: "update",
            ...changedValues(before, next),
            reason,
          });
        }
      }
      return plan;
    });
    const result = summary(target, input.kind, file.name, layout, plan, "writtenFirst");
    await recordSuperAudit(this.ctx.app.db.control, this.ctx.caller, {
      tenantId: target.id,
      action: LOAD_ACTION,
      detail: { kind: input.kind, fileName: file.name, ...result.counts },
    });
    const written = plan.filter((p) => p.action === "add" || p.action === "update");
    const newest = written.at(-1);
    if (input.kind === "suppliers" && newest) {
      // one announcement: clients keeping a copy re-read everything changed since theirs
      await this.ctx.app.push.emit(target.id, "supplierAddedOrUpdated", {
        supplierId: newest.outcome.recordId!,
        lastUpdated: newest.lastModified!,
      });
    }
    return result;
  }

  /** The organisation's latest loads, newest first (the super audit keeps them). */
  async recentLoads(tenantId: number, limit = 10) {
    const rows = await this.ctx.app.db.control.select({
      id: superAudit.id,
      at: superAudit.at,
      userName: superAudit.userName,
      detail: superAudit.detail,
    }).from(superAudit).where(and(eq(superAudit.tenantId, tenantId), eq(superAudit.action, LOAD_ACTION)))
      .orderBy(desc(superAudit.id)).limit(limit);
    return rows.map((r) => ({ ...r, detail: (r.detail ?? {}) as Partial<LoadDetail> }));
  }

  /** The organisation (404 when there is none), its species, and an area context working in it. */
  async #target(tenantId: number) {
    const tenant = await new SuperTenantService(this.ctx).tenant(tenantId);
    const control = this.ctx.app.db.control;
    const tenantSpeciesList: Species = await control.select({ id: species.id, name: species.name })
      .from(tenantSpecies).innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(eq(tenantSpecies.tenantId, tenantId)).orderBy(species.id);
    // a context of its own (not a spread of this one: its `write` and `scope` must be the target's)
    const ctx: AreaContext = await areaContext(
      this.ctx.app,
      { ...this.ctx.caller, tenant, species: [...tenantSpeciesList] },
      this.ctx.today,
    );
    return { id: tenantId, name: tenant.name, species: tenantSpeciesList, ctx };
  }
}

export interface LoadDetail {
  kind: LoadKind;
  fileName: string;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** Rows a statement adds at once (about 30 columns each: well under SQLite's 32,766 values). */
const INSERT_CHUNK = 200;

/**
 * The new records, a chunk a statement (one insert each would hold the transaction several times as long),
 * each step given its new id: the rows' natural keys are unique among the rows written (planRows).
 */
async function addAll(tx: TenantTx, kind: LoadKind, steps: Step[]) {
  const table = TABLES[kind] as unknown as AnyTable;
  for (let at = 0; at < steps.length; at += INSERT_CHUNK) {
    const chunk = steps.slice(at, at + INSERT_CHUNK);
    const now = nextModified();
    const rows = await tx.insert(table)
      .values(chunk.map((s) => ({ ...s.values, createdAt: now, lastModified: now })) as never)
      .returning() as Row[];
    const idOf = new Map(
      rows.map((r) => [naturalKey(kind, r.name, typeof r.pic === "string" ? r.pic : ""), r.id]),
    );
    for (const step of chunk) {
      step.outcome.recordId = idOf.get(naturalKey(kind, step.outcome.name, step.outcome.pic))!;
      step.lastModified = now;
    }
  }
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString("en-AU")} KB`;

/** The file's bytes as text with their fingerprint and a safe name; refused in words when unusable. */
async function readUpload(file: File) {
  if (file.size > INITIAL_LOAD_MAX_BYTES) {
    throw new ApiError(
      413,
      `The file is ${kb(file.size)}: at most ${kb(INITIAL_LOAD_MAX_BYTES)} is loaded at once. ` +
        "Split it into smaller files.",
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refuse = (message: string) => ApiError.validation([{ field: "file", message }]);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    throw refuse(
      "This is an Excel workbook, not a CSV file: in Excel choose File › Save As › CSV UTF-8, and load that.",
    );
  }
  if (bytes.includes(0)) throw refuse("This is not a text file: save the spreadsheet as CSV and load that.");
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Excel's plain "CSV (Comma delimited)" is Windows-1252, not UTF-8
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  // the name as the person saved it, without a folder or control characters (it is shown and audited)
  const name = [...file.name.split(/[\\/]/).pop()!].filter((c) => c >= " ").join("").slice(0, 200) ||
    "upload.csv";
  return { text, digest, name };
}

function layoutOf(kind: LoadKind, text: string): FileLayout {
  const read = readFile(kind, text);
  if (!read.layout) throw ApiError.validation(read.problems.map((message) => ({ field: "file", message })));
  return read.layout;
}

/** The kind's records now, as rows (to compare and audit) and as their form bodies (to lay rows over). */
async function currentRecords(db: TenantDb | TenantTx, kind: LoadKind) {
  const all = await db.select().from(TABLES[kind] as unknown as AnyTable) as unknown as Row[];
  const bodyOf = (r: Row): Record<string, unknown> =>
    kind === "suppliers" ? toSupplier(r as never) : kind === "stakeholders" ? toStakeholder(r as never) : r;
  const records: ExistingRecord[] = all.map((r) => ({
    id: r.id,
    name: r.name,
    pic: typeof r.pic === "string" ? r.pic : "",
    body: bodyOf(r),
  }));
  return { records, rows: new Map(all.map((r) => [r.id, r])) };
}

/** A checked body as the table's columns (the parties service's own mapping for suppliers/stakeholders). */
function valuesOf(kind: LoadKind, body: CheckedBody): Record<string, unknown> {
  switch (kind) {
    case "suppliers":
      return partyRow(body as SupplierBody);
    case "stakeholders":
      return {
        ...partyRow(body as StakeholderBody),
        stakeholderType: (body as StakeholderBody).stakeholderType,
      };
    default: {
      const { id: _, lastModified: __, ...values } = body as BuyerBody | TransportCompanyBody;
      return values;
    }
  }
}

interface Step {
  action: Outcome["action"];
  outcome: Outcome;
  values: Record<string, unknown>;
  problems: InitialLoadPreview["problems"];
  warnings: InitialLoadPreview["warnings"];
  lastModified?: string;
}

/** Each planned row as add, update, unchanged (a match the file does not change) or rejected. */
function classify(kind: LoadKind, plan: ReturnType<typeof planRows>, rows: Map<number, Row>): Step[] {
  return plan.map((p) => {
    const outcome = (action: Outcome["action"], recordId: number | null): Outcome => ({
      row: p.row,
      name: p.name,
      pic: p.pic,
      action,
      recordId,
    });
    if (p.action === "rejected") {
      return {
        action: "rejected",
        outcome: outcome("rejected", null),
        values: {},
        problems: p.problems,
        warnings: [],
      };
    }
    const values = valuesOf(kind, p.body);
    const before = p.existingId ? rows.get(p.existingId) : undefined;
    const action = !before
      ? "add"
      : Object.keys(changedValues(before, values).after).length
      ? "update"
      : "unchanged";
    return {
      action,
      outcome: outcome(action, before?.id ?? null),
      values,
      problems: [],
      warnings: p.warnings,
    };
  });
}

const ORDER = {
  problemsFirst: ["rejected", "add", "update", "unchanged"],
  writtenFirst: ["add", "update", "unchanged", "rejected"],
} as const;

/** The counts of every row and the first outcomes in the order the screen wants them. */
function summary(
  target: { id: number; name: string },
  kind: LoadKind,
  fileName: string,
  layout: FileLayout,
  plan: Step[],
  order: keyof typeof ORDER,
) {
  const count = (action: Outcome["action"]) => plan.filter((p) => p.action === action).length;
  const rank = (s: Step) => (ORDER[order] as readonly string[]).indexOf(s.action);
  const outcomes = [...plan].sort((a, b) => rank(a) - rank(b) || a.outcome.row - b.outcome.row)
    .slice(0, NOTES_SHOWN).map((s) => s.outcome);
  const problems = plan.flatMap((p) => p.problems);
  return {
    tenantId: target.id,
    tenantName: target.name,
    kind,
    fileName,
    rows: layout.rows.length,
    counts: {
      added: count("add"),
      updated: count("update"),
      unchanged: count("unchanged"),
      rejected: count("rejected"),
    },
    outcomes,
    problems: problems.slice(0, NOTES_SHOWN),
    moreProblems: Math.max(0, problems.length - NOTES_SHOWN),
  };
}
