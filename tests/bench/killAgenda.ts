/**
 * Benchmark of the kill agenda: the day page with 300 lots (server rendering, as throughput beside the
 * plain Hono route of the same run), a reorder of that day (p50), and the planner page's JavaScript.
 * tests/bench/main.ts writes the figures to docs/performance.md.
 */
import { eq } from "drizzle-orm";
import { livestockOrders } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/api.ts";
import { addDays, isWeekend } from "../../server/areas/dates.ts";
import { time } from "./timing.ts";
import { throughput } from "./auth.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const LOTS = 300;

export async function benchKillAgenda(origin: string, token: string, cookie: string, db: TenantDb) {
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
  const dayPage = await throughput(`${origin}${pagePath}`, { cookie }, 600, 8);
  const dayApi = await time(50, () => get(`${A.getKillAgenda}?${q}`));

  // the first lot goes last and back (each answers the whole day)
  const reorder = await time(50, async () => {
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
  });
  const plannerHtml =
    await (await fetch(`${origin}/home/killagenda/${addDays(date, -3)}?species=1`, { headers: { cookie } }))
      .text();
  return { lots: agenda.items.length, dayPage, dayApi, reorder, plannerHtml };
}
