/**
 * The contract check as the API tests run it: one checker per test process, made from the first app's
 * /api/openapi.json (every app in a run publishes the same document), and a record per test file of the
 * operations it validated, which tests/helpers/contractReport.ts sums up at the end of the run.
 */
import { type ContractChecker, contractChecker } from "./contract.ts";

interface AppLike {
  request(url: string): Response | Promise<Response>;
}

let checker: Promise<ContractChecker> | undefined;
const underVitest = Boolean(globalThis.process?.env?.VITEST);

/** The answer, once `checkAnswer` has found it allowed; a ContractError rejects the call otherwise. */
export async function answerChecked(
  app: AppLike,
  method: string,
  url: string,
  answer: Response | Promise<Response>,
): Promise<Response> {
  const res = await answer;
  // tests only (a bench or a script measures the app, not the check); off by hand to look at an answer
  if (!underVitest || Deno.env.get("CONTRACT_CHECK") === "off") return res;
  checker ??= theDocument(app).then(contractChecker);
  await (await checker).check(method, url, res);
  return res;
}

const dir = Deno.env.get("CONTRACT_COVERAGE_DIR");

/**
 * The published document: made by the first test file of a run and kept in the run's folder for the
 * others (every app of a run publishes the same document; making it costs about half a second).
 */
async function theDocument(app: AppLike): Promise<Record<string, unknown>> {
  const kept = dir && `${dir}/openapi.json`;
  if (kept) {
    const text = await Deno.readTextFile(kept).catch(() => null);
    if (text) return JSON.parse(text);
  }
  const text = await (await app.request("http://localhost/api/openapi.json")).text();
  if (kept) {
    const partial = `${kept}.${crypto.randomUUID()}`;
    await Deno.writeTextFile(partial, text);
    await Deno.rename(partial, kept); // whole or not at all for a file reading it at the same time
  }
  return JSON.parse(text);
}
/** This module's record: one per module instance, so files sharing the module (a worker without isolation) rewrite it whole. */
const record = crypto.randomUUID();

/**
 * Writes the operations validated so far into the run's folder. tests/helpers/contractSetup.ts calls it
 * after each test file (a bench or script using the test app records nothing).
 */
export async function recordCoverage(): Promise<void> {
  if (!dir || !underVitest || !checker) return;
  const { operations, validated } = await checker;
  await Deno.writeTextFile(
    `${dir}/${record}.json`,
    JSON.stringify({ operations, validated: [...validated] }),
  );
}
