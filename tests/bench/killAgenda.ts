/**
 * Benchmark of the kill agenda: the day page with 300 lots (as throughput beside the plain Hono route of
 * the same run: a page kept until the database changes, server/pages/keptPages.ts; and its server time
 * when just rendered after a change), a reorder of that day (p50), and the planner page's JavaScript.
 * tests/bench/main.ts writes the figures to docs/performance.md.
 */
import { eq } from "drizzle-orm";
import { livestockOrders } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/api.ts";
import { addDays, isWeekend } from "../../kernel/dates.ts";
import { percentile, time } from "./timing.ts";
import { besideThePlainRoute } from "./auth.ts";
import type { AppFetch } from "./stockyard.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const LOTS = 300;

export async function benchKillAgenda(
  origin: string,
  token: string,
  cookie: string,
  db: TenantDb,
  appFetch: AppFetch,
) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const get = async (path: string) => await (await fetch(origin + path, { headers })).json() as Json;
  // a weekday three weeks out, filled with 300 expected sheep orders (copies of one demo order)
  let date = addDays(new Date().toISOString().slice(0, 10), 21);
  while (isWeekend(date)) date = addDays(date, 1);
  const [model] = await db.select().from(livestockOrders).where(eq(livestockOrders.speciesId, 1)).limit(1);
  const { id: _id, ...row } = model;
  await db.insert(livestockOrders).values(
    Array.from({ length: LOTS }, () => ({
      ...row,
      deliveryDate: addDays(date, -1),
      productionDate: date,
      orderStatus: 20,
      totalDelivered: 0,
      agendaLotReference: null,
    })),
  );
  const q = `date=${date}&speciesId=1&tenantSiteId=${model.tenantSiteId ?? 0}`;
  let agenda = await get(`${A.getKillAgenda}?${q}`);
  const pagePath = `/home/killagenda?date=${date}&species=1&site=${model.tenantSiteId ?? 0}`;
  // as browsers ask (the kept page is compressed once and sent as it is), and as a client that takes no
  // compression would have it: 550 KB a request, bound by copying bytes rather than by the server's work
  const dayPage = await besideThePlainRoute(
    `${origin}${pagePath}`,
    { cookie, "accept-encoding": "gzip, br" },
    3000,
    8,
  );
  const dayPageUncompressed = await besideThePlainRoute(`${origin}${pagePath}`, { cookie }, 1000, 8, 1);
  const dayApi = await time(50, () => get(`${A.getKillAgenda}?${q}`));
  // server time: the app's fetch in this process until the page's last byte (compressed, as browsers ask)
  const serverPage = async () => {
    const res = await appFetch(`http://localhost${pagePath}`, {
      headers: { cookie, "accept-encoding": "gzip, br" },
    });
    if (res.status !== 200) throw new Error(`day page: ${res.status}`);
    await res.arrayBuffer();
  };
  const dayServerTime = await time(200, serverPage);

  // the first lot goes last and back (each answers the whole day)
  const reorderOnce = async () => {
    const ids = agenda.items.map((i: Json) => i.id);
    const res = await fetch(origin + A.reorder, {
      method: "POST",
      headers,
      body: JSON.stringify({
        killAgendaId: agenda.id,
        lastModified: agenda.lastModified,
        itemIds: [...ids.slice(1), ids[0]],
      }),
    });
    if (!res.ok) throw new Error(`reorder: ${res.status} ${await res.text()}`);
    agenda = (await res.json()).agendas[0];
  };
  const reorder = await time(50, reorderOnce);
  // the page just after the day changed: rendered afresh (the reorder itself is not timed)
  const afterChange: number[] = [];
  for (let i = 0; i < 40; i++) {
    await reorderOnce();
    const t0 = performance.now();
    await serverPage();
    afterChange.push(performance.now() - t0);
  }
  afterChange.sort((a, b) => a - b);
  const dayServerTimeAfterChange = {
    p50: percentile(afterChange, 50),
    p99: percentile(afterChange, 99),
    n: afterChange.length,
  };
  const plannerHtml =
    await (await fetch(`${origin}/home/killagenda/${addDays(date, -3)}?species=1`, { headers: { cookie } }))
      .text();
  return {
    lots: agenda.items.length,
    dayPage,
    dayPageUncompressed,
    dayServerTime,
    dayServerTimeAfterChange,
    dayApi,
    reorder,
    plannerHtml,
  };
}
