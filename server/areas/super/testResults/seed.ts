/**
 * The demo's test run (issue 43 item 8): one stored run with a failure, so the testing home's viewer has
 * something to show on a fresh demo. Written once, beside the demo's data (server/main.ts --demo and the
 * tests' demo template); a demo that has runs already gets none.
 */
import type { BlobStore } from "../../../storage/blobStore.ts";
import { keepRun } from "./operations.ts";
import { parseJUnit } from "./rules.ts";

const SAMPLE = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" time="41.3">
  <testsuite name="tests/api/volumeTargets.test.ts" time="12.1">
    <testcase classname="tests/api/volumeTargets.test.ts" name="lists the targets of the caller's species" time="0.4"/>
    <testcase classname="tests/api/volumeTargets.test.ts" name="saves a target and answers 409 when stale" time="0.6"/>
    <testcase classname="tests/api/volumeTargets.test.ts" name="refuses another tenant's target" time="0.2"/>
  </testsuite>
  <testsuite name="tests/api/killAgenda.test.ts" time="29.2">
    <testcase classname="tests/api/killAgenda.test.ts" name="reorders a day" time="0.8"/>
    <testcase classname="tests/api/killAgenda.test.ts" name="swaps two days &gt; keeps the head" time="1.1">
      <failure message="expected 412 to be 420 // Object.is equality" type="AssertionError">AssertionError: expected 412 to be 420 // Object.is equality
 ❯ tests/api/killAgenda.test.ts:214:32</failure>
    </testcase>
    <testcase classname="tests/api/killAgenda.test.ts" name="sends the day to the plant" time="0"><skipped/></testcase>
  </testsuite>
</testsuites>`;

export async function seedDemoTestRun(storage: BlobStore, at = new Date()) {
  const { items } = await storage.list("support/test-results/", 1);
  if (items.length) return;
  const report = parseJUnit(SAMPLE);
  await keepRun(storage, {
    id: "20261101T000000Z-000000",
    name: "API and rules",
    commit: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
    branch: "main",
    uploadedAt: at.toISOString(),
    uploadedBy: "Demo CI",
    ...report,
    startedAt: at.toISOString(),
  });
}
