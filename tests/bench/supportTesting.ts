/**
 * Benchmark of the testing home and yield reprocessing (issue 43 "Speed"): the testing home's server time
 * (the app's fetch in process until the last byte) with 50 interchange clients (target ≤ 30 ms), its
 * JavaScript (≤ 60 KB gzip, measured by main.ts from the HTML), and a yield reprocessing of 21 days of
 * 3,000 sheep a day (the demo's carcasses and cartons copied with new body numbers and serials until
 * every day has 3,000 head) over NDJSON, with a progress line per day (target ≤ 10 s). Last among the
 * figures that read yield: it leaves the copies behind. Standalone: `deno run -A tests/bench/supportTesting.ts`.
 */
import { sql } from "drizzle-orm";
import { addDays } from "../../kernel/dates.ts";
import type { TenantDb } from "../../db/client.ts";
import { NDJSON } from "../../server/areas/killFloor/paths.ts";
import { time, type Timing } from "./timing.ts";

export const TESTING_HOME_MS = 30;
export const REPROCESS_SECONDS = 10;
export const TESTING_HOME_JS_KB = 60;
const CLIENTS = 50;
const DAYS = 21;
const HEAD_A_DAY = 3_000;
const SHEEP = 1;

export interface SupportTestingBench {
  home: Timing;
  html: string;
  clients: number;
  headPerDay: number;
  seconds: number;
  progressLines: number;
  summaries: number;
}

type AppFetch = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The table's columns but its id, for INSERT … SELECT copies. */
async function columns(db: TenantDb, table: string) {
  const rows = await db.all<{ name: string }>(sql.raw(`pragma table_info(${table})`));
  return rows.map((r) => r.name).filter((n) => n !== "id");
}

/** Copies of every carcass and carton of the days until the thinnest day has `head` carcasses. */
async function growDays(db: TenantDb, from: string, to: string, head: number) {
  const perDay = await db.all<{ n: number }>(
    sql`select count(*) as n from carcasses where species_id = ${SHEEP}
    and production_date between ${from} and ${to} group by production_date`,
  );
  const thinnest = Math.max(1, Math.min(...perDay.map((d) => d.n)));
  const copies = Math.ceil(head / thinnest) - 1;
  const carcassCols = await columns(db, "carcasses");
  const cartonCols = await columns(db, "cartons");
  for (let k = 1; k <= copies; k++) {
    const c = carcassCols.map((n) => (n === "body_number" ? `body_number + ${k * 100_000}` : n)).join(", ");
    await db.run(sql.raw(`insert into carcasses (${carcassCols.join(", ")}) select ${c} from carcasses
      where species_id = ${SHEEP} and production_date between '${from}' and '${to}' and body_number < 100000`));
    const t = cartonCols.map((n) => (n === "serial" ? `serial || '-r${k}'` : n)).join(", ");
    await db.run(sql.raw(`insert into cartons (${cartonCols.join(", ")}) select ${t} from cartons
      where species_id = ${SHEEP} and production_date between '${from}' and '${to}' and serial not like '%-r%'`));
  }
  const [{ n }] = await db.all<{ n: number }>(sql`select min(n) as n from (select count(*) as n from carcasses
    where species_id = ${SHEEP} and production_date between ${from} and ${to} group by production_date)`);
  return n;
}

export async function benchSupportTesting(
  origin: string,
  cookie: string,
  db: TenantDb,
  tenantId: number,
  today: string,
  appFetch: AppFetch,
): Promise<SupportTestingBench> {
  const now = new Date().toISOString();
  const [{ n: have }] = await db.all<{ n: number }>(sql`select count(*) as n from interchange_clients`);
  for (let i = have; i < CLIENTS; i++) {
    await db.run(sql`insert into interchange_clients (client_name, time_zone, is_in_error_state,
      is_currently_operating, has_interchange_enabled, current_data_flow_status, process_entries,
      client_app_version, is_software_up_to_date, last_heartbeat_at, last_modified)
      values (${`Bench client ${i + 1}`}, ${i % 5 ? "Australia/Sydney" : null}, ${i % 7 === 0 ? 1 : 0},
        ${i % 2}, 1, 'ReadyToProcess', '[]', '4.2.1', ${i % 3 ? 1 : 0}, ${now}, ${now})`);
  }
  const page = async () => {
    const res = await appFetch(`${origin}/home/test`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`testing home: ${res.status}`);
    return await res.text();
  };
  const html = await page();
  if (!html.includes("interchange-card")) throw new Error("the testing home showed no interchange card");
  const home = await time(60, page);

  const from = addDays(today, -DAYS), to = addDays(today, -1);
  const headPerDay = await growDays(db, from, to, HEAD_A_DAY);
  const range = { tenantId, speciesId: SHEEP, fromDate: from, toDate: to };
  const post = (path: string, body: unknown, accept = "application/json") =>
    appFetch(`${origin}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", accept, origin },
      body: JSON.stringify(body),
    });
  const counts = {
    ...await (await post("/api/support/CountAllocationsAndSummaries", range)).json(),
    ...await (await post("/api/support/CountCarcassesAndProducts", range)).json(),
  };
  const started = performance.now();
  const res = await post("/api/support/RequestSummaryReprocessing", { ...range, counts }, NDJSON);
  const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
  const seconds = (performance.now() - started) / 1000;
  const result = lines.at(-1);
  if (result?.type !== "result") throw new Error(`reprocessing: ${JSON.stringify(result)}`);
  return {
    home,
    html,
    clients: CLIENTS,
    headPerDay,
    seconds,
    progressLines: lines.filter((l) => l.type === "progress").length,
    summaries: result.reprocessedSummarys,
  };
}

if (import.meta.main) {
  const { serveTestApp } = await import("../helpers/app.ts");
  const { todayIn } = await import("../../kernel/dates.ts");
  const { DEMO_TIME_ZONE } = await import("../../server/demo.ts");
  const server = await serveTestApp();
  try {
    const cookie = `session=${await server.login("super@demo.processor")}`;
    const me =
      await (await server.request("/login/usermodel", { token: await server.login("super@demo.processor") }))
        .json();
    const r = await benchSupportTesting(
      server.origin,
      cookie,
      await server.services.db.tenantDb(me.tenantId),
      me.tenantId,
      todayIn(DEMO_TIME_ZONE),
      (url, init) => server.app.request(url, init),
    );
    // the same run's floors: a bare Hono text route, and a light signed-in page (the shell and a form)
    const { Hono } = await import("hono");
    const bare = new Hono().get("/", (c) => c.text("ok"));
    const plain = await time(60, async () => await (await bare.request("/")).text());
    const light = await time(60, async () => {
      const res = await server.app.request(`${server.origin}/user/settings`, { headers: { cookie } });
      return await res.text();
    });
    console.log(
      `testing home, ${r.clients} clients: p50 ${r.home.p50.toFixed(1)} ms (p99 ${r.home.p99.toFixed(1)}), ` +
        `${(r.home.p50 / TESTING_HOME_MS).toFixed(2)} of ${TESTING_HOME_MS} ms; bare Hono route p50 ` +
        `${plain.p50.toFixed(3)} ms; /user/settings p50 ${light.p50.toFixed(1)} ms (home ${
          (r.home.p50 / light.p50).toFixed(1)
        }× that page)`,
    );
    console.log(
      `reprocessing ${DAYS} days × ${r.headPerDay} head a day (at least): ${r.seconds.toFixed(2)} s, ` +
        `${r.progressLines} progress lines, ${r.summaries} summaries; ${
          (r.seconds / REPROCESS_SECONDS).toFixed(2)
        } of ${REPROCESS_SECONDS} s`,
    );
  } finally {
    await server.close();
  }
}
