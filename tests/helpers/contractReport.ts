/**
 * Vitest's global setup: a folder where each test file writes the operations its answers validated
 * (tests/helpers/contractRun.ts), and at the end of the run how many of the document's operations the
 * tests validated and which no test calls.
 */
const dir = await Deno.makeTempDir({ prefix: "contract-coverage-" });

export function setup() {
  Deno.env.set("CONTRACT_COVERAGE_DIR", dir);
}

export async function teardown() {
  const all = new Set<string>();
  const validated = new Set<string>();
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith("openapi.json")) continue; // the document the files share
    const file = JSON.parse(await Deno.readTextFile(`${dir}/${entry.name}`));
    for (const op of file.operations) all.add(op);
    for (const op of file.validated) validated.add(op);
  }
  await Deno.remove(dir, { recursive: true });
  if (all.size === 0) return; // no API test ran
  const uncalled = [...all].filter((op) => !validated.has(op)).sort();
  console.log(
    `\nAPI contract: ${validated.size} of ${all.size} operations had answers validated against the document.` +
      (uncalled.length ? `\nNo test calls: ${uncalled.join(", ")}` : ""),
  );
}
