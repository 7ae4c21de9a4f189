/**
 * Test results (issue 43 item 4): CI uploads the product's own JUnit reports; each run is kept as one
 * small JSON file in support storage (support/test-results/<id>.json: counts, duration and failures, not
 * the XML), so no table is needed and every super user sees the same runs. Ids sort by upload time.
 */
import { ApiError } from "../../../http/errors.ts";
import type { BlobStore } from "../../../storage/blobStore.ts";
import { displayName } from "../../audit.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { recordSuperAction } from "../writes.ts";
import { parseJUnit, XmlError } from "./rules.ts";
import type { TestRunRecord, UploadTestResultsBody } from "./schemas.ts";

const PREFIX = "support/test-results/";
/** The runs the viewer and its trend read (newest first). */
export const RUNS_SHOWN = 30;
const RUN_MAX_BYTES = 4 * 1024 * 1024;

const keyOf = (id: string) => `${PREFIX}${id}.json`;

export function newRunId(at: Date) {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const tail = [...crypto.getRandomValues(new Uint8Array(3))].map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  return `${stamp}-${tail}`;
}

const bodyOf = (text: string) => new Blob([text]).stream();

/** Writes a run's file (the upload, and the demo's sample run). */
export async function keepRun(storage: BlobStore, run: TestRunRecord) {
  await storage.put(keyOf(run.id), bodyOf(JSON.stringify(run)), {
    contentType: "application/json",
    maxBytes: RUN_MAX_BYTES,
    metadata: { filename: `${run.id}.json` },
  });
}

/** Reads the report, keeps the run; a report that is not JUnit XML answers 400 and keeps nothing. */
export async function uploadTestRun(ctx: AreaContext, body: In<typeof UploadTestResultsBody>) {
  let report;
  try {
    report = parseJUnit(body.xml);
  } catch (error) {
    if (error instanceof XmlError) {
      throw ApiError.validation([{ field: "xml", message: `The report cannot be read: ${error.message}` }]);
    }
    throw error;
  }
  const at = new Date();
  const run: TestRunRecord = {
    id: newRunId(at),
    name: body.name,
    commit: body.commit.toLowerCase(),
    branch: body.branch || null,
    uploadedAt: at.toISOString(),
    uploadedBy: displayName(ctx.caller),
    ...report,
    startedAt: report.startedAt ?? at.toISOString(),
  };
  await keepRun(ctx.app.storage, run);
  await recordSuperAction(ctx, {
    tenantId: null,
    action: "UploadTestResults",
    detail: { id: run.id, name: run.name, commit: run.commit, tests: run.tests, failed: run.failed },
  });
  const { failures: _, ...summary } = run;
  return summary;
}

async function readRun(ctx: AreaContext, key: string): Promise<TestRunRecord | null> {
  const blob = await ctx.app.storage.get(key);
  if (!blob) return null;
  return JSON.parse(await new Response(blob.body).text()) as TestRunRecord;
}

/** The newest runs with their failures, newest first. */
export async function latestRuns(ctx: AreaContext, limit = RUNS_SHOWN): Promise<TestRunRecord[]> {
  const { items } = await ctx.app.storage.list(PREFIX, 10_000);
  const keys = items.map((i) => i.key).filter((k) => k.endsWith(".json")).sort().reverse().slice(0, limit);
  const runs = await Promise.all(keys.map((k) => readRun(ctx, k)));
  return runs.filter((r): r is TestRunRecord => r !== null);
}

/** The runs without their failures (the list call). */
export async function listTestRuns(ctx: AreaContext) {
  return (await latestRuns(ctx)).map(({ failures: _, ...summary }) => summary);
}

export async function getTestRun(ctx: AreaContext, id: string) {
  const run = await readRun(ctx, keyOf(id));
  if (!run) throw ApiError.notFound("That test run does not exist.");
  return run;
}
