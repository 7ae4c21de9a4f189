/**
 * Benchmark of the livestock targets page (Settings › Livestock targets): the whole page with its
 * server-drawn 60-day chart over real HTTP, the GetOrdersVersusTargets call behind it, and the chart's SVG
 * render alone (recharts 2.15 under React's server renderer). Sequential requests on loopback; bounded.
 * tests/bench/main.ts calls `benchVolumeTargets` and writes the figures to docs/performance.md.
 */
import { gzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { OrdersVersusTargetsChart } from "../../client/ui/charts/OrdersVersusTargetsChart.tsx";
import { loadRecharts } from "../../client/ui/charts/recharts.ts";
import { time, type Timing } from "./timing.ts";
export type { Timing };

export interface VolumeTargetsBench {
  /** GET /settings/volumetargets?speciesId=1: session, policy, two queries, chart, streamed page */
  page: Timing;
  /** GET /api/livestock/GetOrdersVersusTargets?speciesId=1 (JSON, 60 days) */
  api: Timing;
  /** renderToString of the chart alone (60 days) */
  chartRender: Timing;
  /** bytes of the page's HTML, raw and gzipped */
  htmlBytes: number;
  htmlGzip: number;
  /** JavaScript the page loads besides shell.js: none (no island) */
  islands: number;
}

/**
 * `cookie` is a signed-in session of a user with the livestockSettings module (`session=<token>`). When
 * the tenant has no sheep target yet, one like the demo's is added first, so the chart draws a line.
 */
export async function benchVolumeTargets(origin: string, cookie: string): Promise<VolumeTargetsBench> {
  const headers = { cookie };
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${origin}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return await res.json();
  };
  const sheepTargets = await json("/api/livestock/GetKillVolumeTargets?speciesId=1");
  if (!sheepTargets.length) {
    const today = new Date().toISOString().slice(0, 10);
    await json("/api/livestock/UpsertKillVolumeTarget", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ speciesId: 1, weeklyTarget: 7_500, startDate: today }),
    });
  }

  const pagePath = "/settings/volumetargets?speciesId=1";
  const html = await (await fetch(`${origin}${pagePath}`, { headers })).text();
  if (!html.includes("recharts-surface")) throw new Error("the targets page drew no chart");

  const page = await time(200, async () => {
    const res = await fetch(`${origin}${pagePath}`, { headers });
    await res.text();
  });
  const api = await time(200, async () => {
    const res = await fetch(`${origin}/api/livestock/GetOrdersVersusTargets?speciesId=1`, { headers });
    await res.text();
  });
  const { series } = await json("/api/livestock/GetOrdersVersusTargets?speciesId=1");
  const points = series[0].days;
  await loadRecharts(); // the chart drawn outside a page (the page handler loads it first)
  const chartRender = await time(
    100,
    () =>
      renderToString(
        createElement(OrdersVersusTargetsChart, { title: "Sheep: head ordered versus target", points }),
      ),
  );
  return {
    page,
    api,
    chartRender,
    htmlBytes: new TextEncoder().encode(html).length,
    htmlGzip: gzipSync(html).length,
    islands: (html.match(/data-island=/g) ?? []).length,
  };
}
