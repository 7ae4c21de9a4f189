/**
 * Tools some tests need besides Deno: redis-server (the multi-instance bus), jsdom (the client's DOM
 * tests), Chromium (the browser tests). In CI (CI set, as .ci/run and CI services do) a missing one fails
 * its test files with what to install: CI never skips. Elsewhere redis and jsdom tests skip with a
 * warning; a missing Chromium always fails (`chromiumPath`).
 */

/** CI is set and not "false" or "0". */
export function inCi(): boolean {
  const ci = Deno.env.get("CI") ?? "";
  return ci !== "" && ci !== "false" && ci !== "0";
}

/** Whether `tool` is there to run its tests: throws in CI when it is not, else warns and answers false. */
export function required(tool: string, present: boolean, install: string): boolean {
  if (present) return true;
  const message = `${tool} is not available: ${install}.`;
  if (inCi()) throw new Error(`${message} CI runs every test and skips none.`);
  console.warn(`${message} Its tests are skipped here (in CI they fail).`);
  return false;
}

/** `path` is a file (a tool's binary). */
export function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
