/**
 * Lighthouse's own verdict (issue 12): the lighthouse npm package (run with npx) against our Chromium,
 * signed in through a real session cookie set in that browser's profile (an extra header would not reach
 * the push hub's socket, which then sends the page to sign-out), mobile profile with its simulated
 * throttling. Answers null where Lighthouse cannot run (no npm registry): the bench goes on without it.
 */
import { chromium } from "playwright-core";
import { CHROMIUM } from "../helpers/browser.ts";

export interface LighthouseRun {
  path: string;
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
}

export const LIGHTHOUSE_VERSION = "13.5.0";
const RUNS = 3;
const PORT = 9333;

export async function benchLighthouse(origin: string, token: string, paths: string[]) {
  const profile = await Deno.makeTempDir({ prefix: "lighthouse-profile-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${PORT}`],
  });
  const report = `${profile}/report.json`;
  try {
    await context.addCookies([{ name: "session", value: token, url: origin }]);
    const runs: LighthouseRun[] = [];
    for (const path of paths) {
      // the median of three runs by performance score: single runs on this machine differ by up to
      // 18 points (docs/performance.md)
      const views: LighthouseRun[] = [];
      for (let view = 0; view < RUNS; view++) {
        const run = await lighthouse(origin, path, report);
        if (!run) return null;
        views.push(run);
      }
      runs.push(views.toSorted((a, b) => a.performance - b.performance)[RUNS >> 1]);
    }
    return runs;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null; // no npx
    throw error;
  } finally {
    await context.close();
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

/** One Lighthouse run of `path` through the browser listening on PORT; null when npx cannot run it. */
async function lighthouse(origin: string, path: string, report: string): Promise<LighthouseRun | null> {
  const { code } = await new Deno.Command("npx", {
    args: [
      "-y",
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      origin + path,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--port=${PORT}`,
      "--disable-storage-reset",
      "--only-categories=performance,accessibility",
    ],
    stdout: "null",
    stderr: "null",
  }).output();
  if (code !== 0) return null;
  const result = JSON.parse(await Deno.readTextFile(report));
  if (new URL(result.finalDisplayedUrl).pathname !== path) {
    throw new Error(`${path}: ended on ${result.finalDisplayedUrl}`);
  }
  return {
    path,
    performance: Math.round(result.categories.performance.score * 100),
    accessibility: Math.round(result.categories.accessibility.score * 100),
    lcp: Math.round(result.audits["largest-contentful-paint"].numericValue),
    tbt: Math.round(result.audits["total-blocking-time"].numericValue),
  };
}
