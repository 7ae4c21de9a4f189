import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { INITIAL_LOAD_MAX_BYTES, INITIAL_LOAD_MAX_ROWS, LOAD_KINDS } from "./rules.ts";

const Kind = z.enum(LOAD_KINDS, {
  error: "Choose what the file holds: suppliers, stakeholders, buyers or transport companies.",
})
  .openapi({ description: "what the file holds" });

export const TemplateQuery = z.object({ kind: Kind });

const filePart = z.custom<File>((value) => value instanceof File, { error: "Choose the CSV file to load." })
  .openapi({
    type: "string",
    format: "binary",
    description: `the filled-in template as CSV, at most ${
      INITIAL_LOAD_MAX_BYTES / 1024
    } KB and ${INITIAL_LOAD_MAX_ROWS} rows`,
  });

export const PreviewForm = z.object({
  tenantId: idNumber(),
  kind: Kind,
  file: filePart,
}).openapi("InitialLoadPreviewForm");

export const LoadForm = PreviewForm.extend({
  /** the preview's fingerprint of the file: the file loaded is the one previewed */
  digest: z.string({ error: "Preview the file before loading it." }).regex(
    /^[0-9a-f]{64}$/,
    "Preview the file before loading it.",
  ),
}).openapi("InitialLoadForm");

const Note = z.object({
  /** the spreadsheet's row number (the header is row 1) */
  row: z.number().int(),
  /** the column's header */
  column: z.string(),
  message: z.string(),
});

const Counts = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});

const RowOutcome = z.object({
  row: z.number().int(),
  name: z.string(),
  pic: z.string(),
  action: z.enum(["add", "update", "unchanged", "rejected"]),
  /** the record it updates or leaves, or the new record once loaded */
  recordId: z.number().int().nullable(),
});

/** What a list answers at most (the counts cover every row). */
export const NOTES_SHOWN = 500;

const common = {
  tenantId: z.number().int(),
  tenantName: z.string(),
  kind: z.enum(LOAD_KINDS),
  fileName: z.string(),
  /** data rows in the file */
  rows: z.number().int(),
  counts: Counts,
  /** the rows' outcomes, at most NOTES_SHOWN (the preview lists rejected ones first, the load written ones) */
  outcomes: z.array(RowOutcome),
  /** why rows are left out, at most NOTES_SHOWN */
  problems: z.array(Note),
  /** problems beyond those listed */
  moreProblems: z.number().int(),
};

export const InitialLoadPreview = z.object({
  ...common,
  /** SHA-256 of the file, sent back with the load */
  digest: z.string(),
  /** headers no column answers to: their cells are not loaded */
  ignoredColumns: z.array(z.string()),
  warnings: z.array(Note),
  /** warnings beyond those listed */
  moreWarnings: z.number().int(),
}).openapi("InitialLoadPreview");
export type InitialLoadPreview = z.infer<typeof InitialLoadPreview>;

export const InitialLoadResult = z.object(common).openapi("InitialLoadResult");
export type InitialLoadResult = z.infer<typeof InitialLoadResult>;

export const RunDemoSeedsBody = z.object({ tenantId: z.number().int().positive() })
  .openapi("RunDemoSeedsBody");

export const DemoSeedsResult = z.object({
  tenantId: z.number().int(),
  /** each area whose seed ran, in the registry's order, with how long it took */
  areas: z.array(z.object({ name: z.string(), seconds: z.number() })),
  message: z.string(),
}).openapi("DemoSeedsResult");
