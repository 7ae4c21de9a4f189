/**
 * Benchmark of the stockyard: the live yard page and GetInitialData on a yard of 200 pens, and a move of
 * one head between two pens (moveOrMergeMobs answers the whole yard), over real HTTP on loopback,
 * sequential and bounded. tests/bench/main.ts writes the figures to docs/performance.md beside a plain
 * API call measured in the same run (compare ratios, not absolute times: the VM's CPU is stolen).
 */
import { gzipSync } from "node:zlib";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";
import { percentile, time } from "./timing.ts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { YardSvg } from "../../client/ui/yard/YardSvg.tsx";

// deno-lint-ignore no-explicit-any
type Json = any;

/** The app's own fetch, in this process: a request's server time without a socket or a client. */
export type AppFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

export async function benchStockyard(origin: string, token: string, cookie: string, appFetch: AppFetch) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const get = async (path: string) => await (await fetch(origin + path, { headers })).json() as Json;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(origin + path, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return await res.json() as Json;
  };
  // the busiest demo yard, grown to 200 pens (its stocked pens kept where they are)
  const yards: Json[] = await get(A.getStockyardSetups);
  const setup =
    yards.toSorted((a, b) =>
      b.pens.filter((p: Json) => p.head).length - a.pens.filter((p: Json) => p.head).length
    )[0];
  const extra = Array.from({ length: 200 - setup.pens.length }, (_, i) => ({
    name: `Z${i + 1}`,
    x: 20 + (i % 20) * 55,
    y: 600 + Math.floor(i / 20) * 20,
    width: 50,
    height: 15,
    angle: 0,
  }));
  await post(A.saveStockyardLayout, {
    stockyardId: setup.id,
    lastModified: setup.lastModified,
    pens: [...setup.pens.map(({ head: _h, ...p }: Json) => p), ...extra],
  });
  const view = await get(`${A.getInitialData}?stockyardId=${setup.id}`);
  const pageHtml = await (await fetch(`${origin}/home/stockyard?yard=${setup.id}`, { headers: { cookie } }))
    .text();

  const page = await time(100, async () => {
    const res = await fetch(`${origin}/home/stockyard?yard=${setup.id}`, { headers: { cookie } });
    await res.text();
  });
  const initial = await time(100, () => get(`${A.getInitialData}?stockyardId=${setup.id}`));
  // server time: the app's fetch until the page's last byte (gzipped, as a browser asks for it)
  const serverTime = await time(200, async () => {
    const res = await appFetch(`http://localhost/home/stockyard?yard=${setup.id}`, {
      headers: { cookie, "accept-encoding": "gzip, br" },
    });
    await res.arrayBuffer();
  });

  // one head moves back and forth between a stocked pen and an empty one (split, then merge)
  const from = view.pens.find((p: Json) => p.head >= 2);
  const to = view.pens.find((p: Json) => p.status === "empty");
  let current = view;
  let out = true;
  const moveOnce = async () => {
    const source = current.pens.find((p: Json) => p.id === (out ? from.id : to.id));
    const mob = source.contents.find((c: Json) => !out || c.head >= 2) ?? source.contents[0];
    current = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: out ? to.id : from.id,
      head: out ? 1 : undefined,
      lastModified: mob.lastModified,
      confirmMerge: true,
    });
    out = !out;
  };
  const move = await time(100, moveOnce);
  // the page just after the yard changed: nothing of it kept from an earlier view
  const afterMove: number[] = [];
  const serverAfterMove: number[] = [];
  for (let i = 0; i < 80; i++) {
    await moveOnce();
    const t0 = performance.now();
    if (i % 2) {
      await (await fetch(`${origin}/home/stockyard?yard=${setup.id}`, { headers: { cookie } })).text();
      afterMove.push(performance.now() - t0);
    } else {
      const res = await appFetch(`http://localhost/home/stockyard?yard=${setup.id}`, {
        headers: { cookie, "accept-encoding": "gzip, br" },
      });
      await res.arrayBuffer();
      serverAfterMove.push(performance.now() - t0);
    }
  }
  const timing = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return { p50: percentile(xs, 50), p99: percentile(xs, 99), n: xs.length };
  };
  const pageAfterChange = timing(afterMove);
  const serverTimeAfterChange = timing(serverAfterMove);
  // the drawing alone: what the page's server time spends on 200 pens
  const svg = await time(
    200,
    () => renderToString(createElement(YardSvg, { pens: current.pens, label: "Yard" })),
  );
  return {
    pens: view.pens.length,
    svg,
    page,
    serverTime,
    pageAfterChange,
    serverTimeAfterChange,
    initial,
    move,
    pageHtmlGzip: gzipSync(pageHtml).length,
    pageHtml,
  };
}
