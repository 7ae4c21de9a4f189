/**
 * No inline style anywhere (issue 35 item 10): the policy's style-src has no 'unsafe-inline', and no page
 * sends a `style="…"` attribute or a `<style>` element the policy would refuse, so the day one is added
 * this fails. Every built page each user may open is fetched over the real app (server HTML, islands
 * rendered on the server included), and the pages its links reach. The browser side (styles React or a
 * library sets later, the console's "Refused to apply inline style") is tests/e2e/everyPage.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes, matchRoute } from "../../server/access/mod.ts";
import { APP_ROUTES } from "../../server/areas/mod.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { DistributionChart } from "../../client/ui/charts/DistributionChart.tsx";
import { OrdersVersusTargetsChart } from "../../client/ui/charts/OrdersVersusTargetsChart.tsx";
import { loadRecharts } from "../../client/ui/charts/recharts.ts";

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const USERS = [
  "admin@demo.processor",
  "super@demo.processor",
  "producer@demo.farm",
  "display@demo.processor",
];
const BUILT = allRoutes(APP_ROUTES).filter((r) => r.built && r.name !== "logout");

/** The policy's directives by name. */
const directives = (csp: string) =>
  new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...v]) => [name, v]));

/** Every inline style the HTML holds: `style` attributes and `<style>` elements, with where they are. */
function inlineStyles(html: string): string[] {
  const found: string[] = [];
  // attribute values are quoted; a `style=` inside another attribute's value (JSON props) is skipped
  for (
    const tag of html.matchAll(/<[a-zA-Z][\w:-]*(?:\s+[\w:.-]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g)
  ) {
    const attrs = tag[0].replace(/=("[^"]*"|'[^']*')/g, (_, v: string) => `=${v[0]}${v[0]}`);
    if (/\sstyle=/i.test(attrs)) found.push(tag[0].slice(0, 160));
    if (/^<style\b/i.test(tag[0])) found.push(tag[0].slice(0, 160));
  }
  return found;
}

describe("inline styles", () => {
  it("the policy allows no inline style: style-src has no 'unsafe-inline', attributes none at all", async () => {
    const res = await t.request("/login");
    await res.body?.cancel();
    const csp = directives(res.headers.get("content-security-policy")!);
    for (const name of ["style-src", "style-src-elem", "style-src-attr"]) {
      expect(csp.get(name) ?? [], name).not.toContain("'unsafe-inline'");
    }
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("style-src-attr")).toEqual(["'none'"]);
  });

  it("no page any user opens sends a style attribute or a <style> element", async () => {
    const found: Record<string, string[]> = {};
    const seen = new Set<string>();
    for (const email of USERS) {
      const headers = { cookie: `session=${await t.login(email)}` };
      const links = new Set<string>();
      const open = async (url: string) => {
        if (seen.has(`${email} ${url}`)) return;
        seen.add(`${email} ${url}`);
        const res = await t.request(url, { headers, redirect: "manual" });
        const html = await res.text();
        if (res.status !== 200) return;
        const styles = inlineStyles(html);
        if (styles.length) found[url] = styles;
        for (const [, href] of html.matchAll(/\shref="(\/[^"#]*)"/g)) {
          links.add(href.replaceAll("&amp;", "&"));
        }
      };
      for (const r of BUILT.filter((r) => !r.path.includes("$"))) await open(r.path);
      // one link to each page with a parameter (an order, a pen, a day), as a user reaches it
      const reached = new Set<string>();
      for (const link of links) {
        const m = matchRoute(new URL(link, "http://x").pathname, APP_ROUTES);
        if (!m || !m.route.path.includes("$") || reached.has(m.route.name)) continue;
        reached.add(m.route.name);
        await open(link);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(found).toEqual({});
  }, 300_000);

  it("recharts' server SVG loses the style attributes it puts on its wrapper and surface", async () => {
    const bars = createElement(DistributionChart, {
      title: "Fat score",
      unit: "carcasses",
      id: "fat",
      bars: [{ label: "1", count: 3 }, { label: "2", count: 5 }],
    });
    const points = ["2026-11-27", "2026-11-28"].map((date, i) => ({
      date,
      ordered: 10 * i,
      target: 12,
      isWeekend: i === 1,
    }));
    const volume = createElement(OrdersVersusTargetsChart, { title: "Sheep", points });
    await loadRecharts(); // drawn here outside a page: the page handler loads it first (recharts.ts)
    for (const chart of [bars, volume]) {
      const html = renderToString(chart);
      expect(html).toContain("recharts-surface");
      expect(inlineStyles(html)).toEqual([]);
    }
  });
});
