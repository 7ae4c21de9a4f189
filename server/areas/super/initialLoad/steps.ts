/**
 * The initial data load's steps between a file and the parties area's writes: the upload read and
 * fingerprinted, the file's layout, each row classified against the records now (add, update,
 * unchanged, rejected), and the counts and first outcomes the screen shows.
 */
import { ApiError } from "../../../http/errors.ts";
import { changedValues } from "../../audit.ts";
import type { TenantDb } from "../../../../db/client.ts";
import type { TenantTx } from "../../context.ts";
import { partyRow, toStakeholder, toSupplier } from "../../livestock/parties/service.ts";
import { loadedPartiesNow, type LoadedPartyRow } from "../../livestock/parties/writes.ts";
import type {
  BuyerBody,
  StakeholderBody,
  SupplierBody,
  TransportCompanyBody,
} from "../../livestock/parties/schemas.ts";
import {
  type CheckedBody,
  type ExistingRecord,
  type FileLayout,
  INITIAL_LOAD_MAX_BYTES,
  type LoadKind,
  planRows,
  readFile,
} from "./rules.ts";
import type { InitialLoadPreview, InitialLoadResult } from "./schemas.ts";
import { NOTES_SHOWN } from "./schemas.ts";

type Row = LoadedPartyRow;
type Outcome = InitialLoadResult["outcomes"][number];
type SupplierRow = Parameters<typeof toSupplier>[0];
type StakeholderRow = Parameters<typeof toStakeholder>[0];

/** The kind's records now, as rows (to compare and audit) and as their form bodies (to lay rows over). */
export async function currentRecords(db: TenantDb | TenantTx, kind: LoadKind) {
  const all = await loadedPartiesNow(db, kind);
  // the rows of the kind's own table: a supplier's and a stakeholder's form bodies are the parties area's
  const bodyOf = (r: Row): Record<string, unknown> =>
    kind === "suppliers"
      ? toSupplier(r as SupplierRow)
      : kind === "stakeholders"
      ? toStakeholder(r as StakeholderRow)
      : r;
  const records: ExistingRecord[] = all.map((r) => ({
    id: r.id,
    name: r.name,
    pic: typeof r.pic === "string" ? r.pic : "",
    body: bodyOf(r),
  }));
  return { records, rows: new Map(all.map((r) => [r.id, r])) };
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString("en-AU")} KB`;

/** The file's bytes as text with their fingerprint and a safe name; refused in words when unusable. */
export async function readUpload(file: File) {
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

export function layoutOf(kind: LoadKind, text: string): FileLayout {
  const read = readFile(kind, text);
  if (!read.layout) throw ApiError.validation(read.problems.map((message) => ({ field: "file", message })));
  return read.layout;
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

export interface Step {
  action: Outcome["action"];
  outcome: Outcome;
  values: Record<string, unknown>;
  problems: InitialLoadPreview["problems"];
  warnings: InitialLoadPreview["warnings"];
  lastModified?: string;
}

/** Each planned row as add, update, unchanged (a match the file does not change) or rejected. */
export function classify(kind: LoadKind, plan: ReturnType<typeof planRows>, rows: Map<number, Row>): Step[] {
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
export function summary(
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
