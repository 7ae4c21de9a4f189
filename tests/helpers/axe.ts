/**
 * axe-core's serious and critical findings on a page as it is now, in light and in dark, each as
 * "<scheme> <rule>: <where>" (the browser tests of pages fuller than the every-page walk sees them).
 * Colours are read once the scheme's change has settled: running transitions (a toast, a button) are
 * finished and two frames painted (showScheme). The page is left in light.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { showScheme } from "./browser.ts";

export async function axeFindings(page: Page): Promise<string[]> {
  // evaluated through the debugger: the page's policy allows no inline script
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(axe.source);
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await showScheme(page, colorScheme);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
    const results = await page.evaluate(() =>
      (globalThis as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] })
    );
    found.push(
      ...results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) =>
          `${colorScheme} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`
        ),
    );
  }
  await showScheme(page, "light");
  return found;
}
