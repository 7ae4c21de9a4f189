/**
 * Test results (issue 43 item 4), pure: a JUnit XML report (vitest's `--reporter=junit`, the browser
 * tests' too) read into a run's counts and failures, and the pass-rate trend of runs. Suites may nest;
 * a case with <failure> failed, with <error> errored, with <skipped> was skipped, else it passed.
 */
import { parseXml, type XmlElement, XmlError } from "./xml.ts";

export { XmlError };

/** The most failures kept of one run, and the longest stack (characters): a run stays a small file. */
export const MAX_FAILURES = 200;
export const MAX_STACK_CHARS = 8_000;
/** The largest report taken (characters): within the API's 1 MB body (a full run's report is ~400 KB). */
export const MAX_REPORT_BYTES = 1000 * 1024;

export interface TestFailure {
  suite: string;
  name: string;
  kind: "failure" | "error";
  message: string;
  type: string;
  stack: string;
}

export interface ParsedReport {
  tests: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  durationSeconds: number;
  /** the report's own timestamp when it has one */
  startedAt: string | null;
  failures: TestFailure[];
  /** failures beyond MAX_FAILURES, counted but not kept */
  failuresLeftOut: number;
}

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

function timestampOf(value: string | undefined): string | null {
  if (!value) return null;
  const at = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Reads a JUnit report; throws XmlError (in words) when it is not XML or not a JUnit report. */
export function parseJUnit(source: string): ParsedReport {
  const root = parseXml(source);
  if (root.name !== "testsuites" && root.name !== "testsuite") {
    throw new XmlError(`This is not a JUnit report: it starts with <${root.name}>, not <testsuites>.`);
  }
  const report: ParsedReport = {
    tests: 0,
    passed: 0,
    failed: 0,
    errors: 0,
    skipped: 0,
    durationSeconds: 0,
    startedAt: timestampOf(root.attributes.timestamp),
    failures: [],
    failuresLeftOut: 0,
  };
  let suiteSeconds = 0;
  const walk = (suite: XmlElement, path: string) => {
    const name = [path, suite.attributes.name].filter(Boolean).join(" › ");
    report.startedAt ??= timestampOf(suite.attributes.timestamp);
    for (const child of suite.children) {
      if (child.name === "testsuite") walk(child, name);
      else if (child.name === "testcase") countCase(report, child, name);
    }
    if (!path) suiteSeconds += seconds(suite.attributes.time);
  };
  if (root.name === "testsuite") walk(root, "");
  else for (const s of root.children) if (s.name === "testsuite") walk(s, "");
  report.durationSeconds = root.attributes.time !== undefined ? seconds(root.attributes.time) : suiteSeconds;
  report.durationSeconds = Math.round(report.durationSeconds * 1000) / 1000;
  return report;
}

function countCase(report: ParsedReport, testCase: XmlElement, suite: string) {
  report.tests++;
  const problem = testCase.children.find((c) => c.name === "failure" || c.name === "error");
  if (problem) {
    const kind = problem.name as "failure" | "error";
    if (kind === "failure") report.failed++;
    else report.errors++;
    if (report.failures.length >= MAX_FAILURES) {
      report.failuresLeftOut++;
      return;
    }
    const stack = problem.text.trim();
    report.failures.push({
      suite: testCase.attributes.classname || suite,
      name: testCase.attributes.name ?? "",
      kind,
      message: problem.attributes.message ?? stack.split("\n")[0] ?? "",
      type: problem.attributes.type ?? "",
      stack: stack.length > MAX_STACK_CHARS ? `${stack.slice(0, MAX_STACK_CHARS)}\n…` : stack,
    });
  } else if (testCase.children.some((c) => c.name === "skipped")) report.skipped++;
  else report.passed++;
}

/** The share of the run's tests that ran and passed (skipped ones left out); null when none ran. */
export function passRate(run: { passed: number; failed: number; errors: number }): number | null {
  const ran = run.passed + run.failed + run.errors;
  return ran === 0 ? null : run.passed / ran;
}

/** "97.4 %" */
export const formatRate = (rate: number | null) =>
  rate === null ? "—" : `${(Math.floor(rate * 1000) / 10).toLocaleString("en-AU")} %`;

/** "12 min 5 s", "48.2 s" */
export function formatSeconds(total: number): string {
  if (total < 60) return `${(Math.round(total * 10) / 10).toLocaleString("en-AU")} s`;
  const minutes = Math.floor(total / 60);
  return `${minutes} min ${Math.round(total - minutes * 60)} s`;
}

/** A commit is 7–40 hex digits; a suite name is plain words. */
export const COMMIT_PATTERN = /^[0-9a-f]{7,40}$/i;
