import { describe, expect, it } from "vitest";
import { formatRate, formatSeconds, MAX_STACK_CHARS, parseJUnit, passRate, XmlError } from "./rules.ts";

const VITEST = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="5" failures="1" errors="1" time="12.5" timestamp="2026-11-27T10:00:00.000Z">
  <testsuite name="tests/api/a.test.ts" tests="3" failures="1" errors="0" skipped="1" time="4">
    <testcase classname="tests/api/a.test.ts" name="orders &gt; saves one" time="0.2"></testcase>
    <testcase classname="tests/api/a.test.ts" name="orders &gt; refuses &amp; says why" time="0.1">
      <failure message="expected 400 to be 200" type="AssertionError"><![CDATA[AssertionError: expected 400 to be 200
 ❯ tests/api/a.test.ts:12:5 <script>]]></failure>
    </testcase>
    <testcase classname="tests/api/a.test.ts" name="later" time="0"><skipped/></testcase>
  </testsuite>
  <testsuite name="outer" time="8">
    <testsuite name="inner">
      <testcase name="nested passes" time="1"/>
      <testcase name="nested errors" time="1"><error message="boom">Error: boom
    at x (y.ts:1:1)</error></testcase>
    </testsuite>
  </testsuite>
</testsuites>`;

describe("JUnit reports", () => {
  it("counts passed, failed, errored and skipped cases, nested suites included", () => {
    const r = parseJUnit(VITEST);
    expect(r).toMatchObject({
      tests: 5,
      passed: 2,
      failed: 1,
      errors: 1,
      skipped: 1,
      durationSeconds: 12.5,
      startedAt: "2026-11-27T10:00:00.000Z",
      failuresLeftOut: 0,
    });
    expect(r.failures).toEqual([
      {
        suite: "tests/api/a.test.ts",
        name: "orders > refuses & says why",
        kind: "failure",
        message: "expected 400 to be 200",
        type: "AssertionError",
        stack: "AssertionError: expected 400 to be 200\n ❯ tests/api/a.test.ts:12:5 <script>",
      },
      {
        suite: "outer › inner",
        name: "nested errors",
        kind: "error",
        message: "boom",
        type: "",
        stack: "Error: boom\n    at x (y.ts:1:1)",
      },
    ]);
  });

  it("takes a lone <testsuite> root and sums suite times when the root has none", () => {
    const r = parseJUnit(`<testsuite name="s" time="2.5"><testcase name="a"/></testsuite>`);
    expect(r).toMatchObject({ tests: 1, passed: 1, durationSeconds: 2.5, startedAt: null });
  });

  it("cuts a long stack", () => {
    const long = "x".repeat(MAX_STACK_CHARS + 10);
    const r = parseJUnit(
      `<testsuites><testsuite name="s"><testcase name="a"><failure>${long}</failure></testcase></testsuite></testsuites>`,
    );
    expect(r.failures[0].stack).toHaveLength(MAX_STACK_CHARS + 2);
    expect(r.failures[0].message).toBe(long.slice(0, MAX_STACK_CHARS + 10));
  });

  it("refuses malformed XML and other documents in words", () => {
    expect(() => parseJUnit("<testsuites><testsuite></testsuites>")).toThrow(XmlError);
    expect(() => parseJUnit("not xml at all")).toThrow("Text outside the root element near character 0.");
    expect(() => parseJUnit("")).toThrow("There is no element in the file.");
    expect(() => parseJUnit("<html><body/></html>")).toThrow(/not a JUnit report/);
    expect(() => parseJUnit('<!DOCTYPE x [<!ENTITY e "boom">]><testsuites/>')).toThrow(/document type/);
    expect(() => parseJUnit("<testsuites>&e;</testsuites>")).toThrow(/unknown entity/);
  });
});

describe("pass rate", () => {
  it("is passed over those that ran, skipped ones left out", () => {
    expect(passRate({ passed: 3, failed: 1, errors: 0 })).toBe(0.75);
    expect(passRate({ passed: 0, failed: 0, errors: 0 })).toBeNull();
    expect(formatRate(0.9999)).toBe("99.9 %");
    expect(formatRate(null)).toBe("—");
    expect(formatSeconds(48.23)).toBe("48.2 s");
    expect(formatSeconds(725)).toBe("12 min 5 s");
  });
});
