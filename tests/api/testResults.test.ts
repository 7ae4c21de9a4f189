/**
 * api/super test results (issue 43 item 4): a JUnit report uploaded with a super user's bearer token is
 * kept in support storage as a run; malformed XML answers 400 and keeps nothing; super only. The demo's
 * sample run (one failure) is there from the start.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const calls = jsonCalls(() => t, tokens);

const REPORT = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" time="3.5" timestamp="2026-11-27T09:00:00.000Z">
  <testsuite name="tests/api/a.test.ts">
    <testcase name="passes" time="1"/>
    <testcase name="fails" time="1"><failure message="expected &lt;b&gt; to be 2">AssertionError
 ❯ a.test.ts:3:1</failure></testcase>
    <testcase name="skips"><skipped/></testcase>
  </testsuite>
</testsuites>`;
const upload = (json: Record<string, unknown>, who = "super") =>
  calls.post("/api/super/UploadTestResults", { name: "API", commit: "abc1234", xml: REPORT, ...json }, who);
const runs = async () => (await calls.get("/api/super/GetTestRuns", "super")).body;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ["super", "admin", "user", "test", "support"]) {
    tokens[role] = await t.login(`${role}@demo.processor`);
  }
});
afterAll(() => t.close());

describe("test results", () => {
  test("the demo holds one run with a failure", async () => {
    const list = await runs();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "API and rules", failed: 1, uploadedBy: "Demo CI" });
  });

  test("an upload keeps the run's counts, newest first; the run answers its failures", async () => {
    const res = await upload({ branch: "main" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "API",
      commit: "abc1234",
      branch: "main",
      tests: 3,
      passed: 1,
      failed: 1,
      skipped: 1,
      durationSeconds: 3.5,
      startedAt: "2026-11-27T09:00:00.000Z",
    });
    expect(res.body).not.toHaveProperty("failures");
    const list = await runs();
    expect(list.map((r: { id: string }) => r.id)).toEqual([res.body.id, list[1].id]);
    const one = await calls.get(`/api/super/GetTestRun/${res.body.id}`, "super");
    expect(one.body.failures).toEqual([
      {
        suite: "tests/api/a.test.ts",
        name: "fails",
        kind: "failure",
        message: "expected <b> to be 2",
        type: "",
        stack: "AssertionError\n ❯ a.test.ts:3:1",
      },
    ]);
    expect((await calls.get("/api/super/GetTestRun/20261127T000000Z-abcdef", "super")).status).toBe(404);
  });

  test("400 for malformed XML, another document or a bad commit, in the catalogue's shape; nothing kept", async () => {
    const before = (await runs()).length;
    for (
      const [json, field] of [
        [{ xml: "<testsuites><testsuite></testsuites>" }, "xml"],
        [{ xml: "<html/>" }, "xml"],
        [{ commit: "not-a-commit" }, "commit"],
        [{ name: "" }, "name"],
      ] as const
    ) {
      const res = await upload(json);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ title: "Bad Request", isValidation: true });
      expect(res.body.errors[0].field).toBe(field);
    }
    expect((await upload({ xml: "<testsuites><x></testsuites>" })).body.message).toMatch(
      /The report cannot be read/,
    );
    expect((await runs()).length).toBe(before);
  });

  test("403 for every role but super", async () => {
    for (const who of ["admin", "user", "test", "support"]) {
      expect((await upload({}, who)).status, who).toBe(403);
      expect((await calls.get("/api/super/GetTestRuns", who)).status, who).toBe(403);
    }
  });
});
