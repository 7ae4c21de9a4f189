/**
 * Benchmark of the yield home (issue 38 "Speed"): the page's server time (the app's fetch in process
 * until the last byte) for the default 7 days, for 90 days (target ≤ 3× the 7 days), and for 30 days at
 * the demo's size against the same 30 days after every carton of those days was sent ten times over
 * (copies with new serials, the days' summaries rebuilt by the one rebuild): the views read the daily
 * summaries, never the cartons, so the target is ≤ 1.5× the demo-size time. Last among the figures that
 * read yield: it leaves ten times the cartons behind. tests/bench/main.ts writes the figures.
 */
import { and, gte, lte, sql } from "drizzle-orm";
import { cartons } from "../../db/tenant/schema.ts";
import { addDays } from "../../kernel/dates.ts";
import type { TenantDb } from "../../db/client.ts";
import { rebuildDays } from "../../server/areas/yield/data/rebuild.ts";
import { time, type Timing } from "./timing.ts";

export interface YieldHomeBench {
  week: Timing;
  ninetyDays: Timing;
  thirtyDays: Timing;
  thirtyDaysTenfold: Timing;
  /** cartons in the 30 days before and after */
  cartons: number;
  tenfoldCartons: number;
  /** the page's HTML, for its JavaScript weight */
  html: string;
}

type AppFetch = (url: string, init?: RequestInit) => Response | Promise<Response>;

export async function benchYieldHome(
  origin: string,
  cookie: string,
  db: TenantDb,
  today: string,
  appFetch: AppFetch,
): Promise<YieldHomeBench> {
  const page = (query: string) => async () => {
    const res = await appFetch(`${origin}/yield/yield?species=1${query}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`yield home: ${res.status}`);
    await res.text();
  };
  const range = (days: number) => `&date=${addDays(today, -days)}&toDate=${addDays(today, -1)}`;
  const first = await appFetch(`${origin}/yield?species=1`, { headers: { cookie } });
  const html = await first.text();
  if (!html.includes("recharts-surface")) throw new Error("the yield home drew no chart");

  const week = await time(100, page(""));
  const ninetyDays = await time(40, page(range(90)));
  const thirtyDays = await time(60, page(range(30)));

  const from = addDays(today, -30), to = addDays(today, -1);
  const inRange = and(gte(cartons.productionDate, from), lte(cartons.productionDate, to));
  const count = async () => (await db.select({ n: sql<number>`count(*)` }).from(cartons).where(inRange))[0].n;
  const before = await count();
  // nine more of every carton of the 30 days (new serials), then the days' summaries rebuilt once
  for (let copy = 1; copy <= 9; copy++) {
    await db.run(sql`INSERT INTO cartons (serial, product_code_id, net_kg, pieces, production_date,
      tenant_site_id, species_id, boning_room_id, shift, boning_run_id, import_id, received_at)
      SELECT serial || '-x' || ${copy}, product_code_id, net_kg, pieces, production_date, tenant_site_id,
        species_id, boning_room_id, shift, boning_run_id, import_id, received_at
      FROM cartons WHERE production_date BETWEEN ${from} AND ${to} AND serial NOT LIKE '%-x%'`);
  }
  await rebuildDays(db, { from, to });
  const after = await count();
  const thirtyDaysTenfold = await time(60, page(range(30)));
  return { week, ninetyDays, thirtyDays, thirtyDaysTenfold, cartons: before, tenfoldCartons: after, html };
}
