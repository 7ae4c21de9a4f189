/**
 * `deno task bench`: what a plant PC downloads per page (JavaScript, gzipped) and how long sign-in and a
 * page take over real HTTP on loopback. Writes docs/performance.md. Bounded: a fixed number of requests.
 */
import { benchLighthouse, LIGHTHOUSE_VERSION } from "./lighthouse.ts";
import { benchScale, pointReadPaths } from "./scale.ts";
import { benchMobile } from "./mobile.ts";
import { livestockOrders, pricingGrids } from "../../db/tenant/schema.ts";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { benchHub } from "./hub.ts";
import { benchVolumeTargets } from "./volumeTargets.ts";
import { benchOrderReport, CSV_BOUND_MS, REPORT_ORDERS } from "./orderReport.ts";
import { benchStockyard } from "./stockyard.ts";
import { benchAuth } from "./auth.ts";
import { benchKillAgenda } from "./killAgenda.ts";
import { benchKillFloor, IMPORT_ROWS, NLIS_HEAD } from "./killFloor.ts";
import { benchCarcassDefects, DEFECT_HEAD_A_DAY, DEFECT_YEAR_DAYS } from "./carcassDefects.ts";
import { benchProcessOverview, OVERVIEW_BOUND_MS, OVERVIEW_LOTS } from "./processOverview.ts";
import { benchInvoices, INVOICE_CARCASSES, LIST_INVOICES } from "./invoices.ts";
import { benchYieldImport, YIELD_DAY_CARTONS } from "./yieldData.ts";
import { benchYieldHome } from "./yieldHome.ts";
import { benchPlanning } from "./planning.ts";
import {
  benchSupportTesting,
  REPROCESS_SECONDS,
  TESTING_HOME_JS_KB,
  TESTING_HOME_MS,
} from "./supportTesting.ts";
import { benchSupportChat, CHAT_DELIVERY_MS } from "./supportChat.ts";
import { benchProducerFeedback, FEEDBACK_CSV_MS, LOT_PAGE_MS } from "./producerFeedback.ts";
import { benchRoi, ROI_CACHED_MS, ROI_COLD_MS, ROI_PAGE_MS, ROI_PDF_MS } from "./roi.ts";
import { benchBackup } from "./backup.ts";
import { benchObservability } from "./observability.ts";
import { benchFleet } from "./fleet.ts";
import {
  benchLivestockDashboard,
  DASHBOARD_FIRST_PANEL_MS,
  DASHBOARD_PAGE_MS,
} from "./livestockDashboard.ts";
import { time } from "./timing.ts";
import { benchDisplayRedraw } from "./display.ts";
import { benchListener, listenerReport } from "./listener.ts";
import { addDays, todayIn } from "../../kernel/dates.ts";
import { DEMO_TIME_ZONE } from "../../server/demo.ts";
import { chunks, manifest, pageJs } from "./pageJs.ts";

// read now, with the manifest: a build during the run (another checkout's) renames the hashed files
const cssGzip = gzipSync(
  await Deno.readFile(new URL(`../../dist/static/${manifest.css["app.css"].file}`, import.meta.url)),
).length;

/** gzipped size of @microsoft/signalr bundled for the browser, to compare with our own push client */
async function officialSignalrGzip() {
  const out = await esbuild.build({
    stdin: {
      contents:
        'import { HubConnectionBuilder } from "@microsoft/signalr"; globalThis.h = new HubConnectionBuilder().withUrl("/hubs/userHub").withAutomaticReconnect().build();',
      resolveDir: new URL("../../", import.meta.url).pathname,
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    nodePaths: [new URL("../../node_modules", import.meta.url).pathname],
  });
  await esbuild.stop();
  return gzipSync(out.outputFiles[0].contents, { level: 9 }).length;
}

const hub = await benchHub(500, 10);
const guard = await benchListener();
const signalrGzip = await officialSignalrGzip();
const pushChunk = Object.entries(chunks).find(([f]) => f.startsWith("chunks/push-"));

const server = await serveTestApp();
try {
  const token = await server.login("admin@demo.processor");
  const cookie = `session=${token}`;
  const pages = [
    "/login",
    "/home/userHome",
    "/home/clientusers",
    "/user/account",
    "/home/clientusers/useredit?id=3",
    "/home/livestock",
    "/home/livestock/deliveries",
  ];
  const weights = [];
  for (const path of pages) {
    const res = await fetch(server.origin + path, { headers: path === "/login" ? {} : { cookie } });
    const html = await res.text();
    weights.push({ path, html: gzipSync(html).length, ...pageJs(html) });
  }

  const login = await time(40, async () => {
    const res = await fetch(`${server.origin}/login/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "user@demo.processor", password: TEST_PASSWORD }),
    });
    await res.body?.cancel();
  });
  const page = await time(300, async () => {
    const res = await fetch(`${server.origin}/home/clientusers`, { headers: { cookie } });
    await res.text();
  });
  const api = await time(300, async () => {
    const res = await fetch(`${server.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.text();
  });

  const ordersPage = await time(100, async () => {
    const res = await fetch(`${server.origin}/home/livestock`, { headers: { cookie } });
    await res.text();
  });
  const deliveriesPage = await time(100, async () => {
    const res = await fetch(`${server.origin}/home/livestock/deliveries`, { headers: { cookie } });
    await res.text();
  });
  // the demo plant's today: the server honours a client's date only within a day of its own
  const today = todayIn(DEMO_TIME_ZONE);
  const shift = (days: number) => addDays(today, days);
  const ordersApi = await time(100, async () => {
    const res = await fetch(
      `${server.origin}/api/livestock/GetLivestockOrders?fromDate=${shift(-30)}&toDate=${shift(30)}`,
      { headers: { authorization: `Bearer ${token}`, "x-local-date": today } },
    );
    await res.text();
  });
  const orderCount = (await (await fetch(
    `${server.origin}/api/livestock/GetLivestockOrders?fromDate=${shift(-30)}&toDate=${shift(30)}`,
    { headers: { authorization: `Bearer ${token}` } },
  )).json()).length;

  const me =
    await (await fetch(`${server.origin}/login/usermodel`, { headers: { authorization: `Bearer ${token}` } }))
      .json();
  const signedIn = await benchAuth(
    server,
    token,
    await pointReadPaths(await server.services.db.tenantDb(me.tenantId)),
  );
  const rps = (x: { rps: number }) => Math.round(x.rps).toLocaleString("en");
  const share = (x: { rps: number }) => `${(x.rps / signedIn.plain.rps).toFixed(2)}`;
  const share3 = (x: { rps: number }) => `${(x.rps / signedIn.plain.rps).toFixed(3)}`;

  const targets = await benchVolumeTargets(server.origin, cookie);
  const yard = await benchStockyard(
    server.origin,
    token,
    cookie,
    (url, init) => server.app.request(url, init),
  );
  const agenda = await benchKillAgenda(
    server.origin,
    token,
    cookie,
    await server.services.db.tenantDb(me.tenantId),
    (url, init) => server.app.request(url, init),
  );
  const plannerJs = pageJs(agenda.plannerHtml).total;
  const floor = await benchKillFloor(server.origin, token, await server.services.db.tenantDb(me.tenantId));
  // a sheep day 120 days ahead filled with 300 lots (left there)
  const overview = await benchProcessOverview(
    server.origin,
    token,
    cookie,
    await server.services.db.tenantDb(me.tenantId),
    todayIn(DEMO_TIME_ZONE),
  );
  // a beef boning day three days ahead (no demo runs there), at the site whose rooms bone beef
  const yieldDay = await benchYieldImport(
    server.origin,
    token,
    addDays(todayIn(DEMO_TIME_ZONE), 3),
    "Bordertown",
  );
  // production planning (issue 41), as the super user: before the yield home leaves 10× the cartons behind
  const planning = await benchPlanning(
    server.origin,
    `session=${await server.login("super@demo.processor")}`,
    todayIn(DEMO_TIME_ZONE),
    (url, init) => server.app.request(url, init),
  );
  const planningJs = pageJs(planning.builderHtml).total;
  // after the import's day (three days ahead, outside the home's ranges); it leaves 10× the cartons behind
  const yieldHome = await benchYieldHome(
    server.origin,
    cookie,
    await server.services.db.tenantDb(me.tenantId),
    todayIn(DEMO_TIME_ZONE),
    (url, init) => server.app.request(url, init),
  );
  const yieldHomeJs = pageJs(yieldHome.html).total;
  // the producer portal (issue 44): a 300-carcass lot page as the demo farm, and the feedback CSV
  const producer = await benchProducerFeedback(
    server.origin,
    `session=${await server.login("producer@demo.farm")}`,
    server.services,
  );
  // ROI reports (issue 42): a 40-line × 24-month report, as the super user; then what its three pages load
  const superCookie = `session=${await server.login("super@demo.processor")}`;
  const roi = await benchRoi(
    server.origin,
    superCookie,
    Number(today.slice(0, 4)),
    (url, init) => server.app.request(url, init),
  );
  const roiJs = async (path: string) =>
    pageJs(
      await (await fetch(`${server.origin}${path}/${roi.id}`, { headers: { cookie: superCookie } })).text(),
    )
      .total;
  const roiWizardJs = await roiJs("/wizard/RoiWizard");
  const roiDesignerJs = await roiJs("/wizard/RoiLayoutEditor");
  const roiDisplayJs = await roiJs("/report/RoiLayoutDisplay");
  // support chat (issue 43): a staff reply reaching the user's open window; what home/support loads
  const userToken = await server.login("user@demo.processor");
  const chat = await benchSupportChat(server.origin, {
    user: userToken,
    staff: superCookie.slice("session=".length),
  });
  const chatJs = pageJs(
    await (await fetch(`${server.origin}/home/support`, { headers: { cookie: `session=${userToken}` } }))
      .text(),
  ).total;
  const displayToken = await server.login("display@demo.processor");
  const tvHtml =
    await (await fetch(`${server.origin}/display`, { headers: { cookie: `session=${displayToken}` } }))
      .text();
  const tvJs = pageJs(tvHtml);
  const tvRedraw = await benchDisplayRedraw(server.origin, token, displayToken);
  const inv = await benchInvoices(server.origin, token, await server.services.db.tenantDb(me.tenantId));
  const tenantDb = await server.services.db.tenantDb(me.tenantId);
  const [grid] = await tenantDb.select({ id: pricingGrids.id }).from(pricingGrids).limit(1);
  const [order] = await tenantDb.select({ id: livestockOrders.id }).from(livestockOrders).limit(1);
  const mobile = await benchMobile(server.origin, token, [
    `/home/livestock/orders/${order.id}`,
    `/settings/pricinggrids/${grid.id}`,
  ]);
  const lighthouse = await benchLighthouse(server.origin, token, [
    `/home/livestock/orders/${order.id}`,
    `/settings/pricinggrids/${grid.id}`,
  ]);
  // last: it adds 10,000 orders to the database every other figure was measured on
  const scale = await benchScale(server.origin, token, cookie, tenantDb);
  // after it: tops the orders up to 50,000 over the year for the order report's CSV
  const orderReport = await benchOrderReport(server.origin, token, tenantDb, today);
  // on an app of its own: a year of history and ten times it, without the scale and order report's orders
  const dashboard = await (async () => {
    const own = await serveTestApp();
    try {
      const ownToken = await own.login("admin@demo.processor");
      return await benchLivestockDashboard(
        own.origin,
        ownToken,
        `session=${await own.login("admin@demo.processor")}`,
        await own.services.db.tenantDb(1),
        today,
      );
    } finally {
      await own.close();
    }
  })();
  // Settings › Carcass Defects over a year of carcasses, on an app of its own (the year stays out of the rest)
  const defects = await (async () => {
    const own = await serveTestApp();
    try {
      return await benchCarcassDefects(
        own.origin,
        await own.login("admin@demo.processor"),
        await own.services.db.tenantDb(1),
        today,
      );
    } finally {
      await own.close();
    }
  })();
  // a tenant's backup, its dry run and its restore (issue 40), after every figure read the data it copies
  const backup = await benchBackup(server.services, me.tenantId);
  // the request's log line and spans against none, on an app of its own
  const observed = await benchObservability();
  // 100 tenants: the server process's start-up to ready and its memory with 500 push clients, a 2-minute soak
  const fleet = await benchFleet(100, 500, 300_000);
  // the testing home with 50 interchange clients, and a 21-day yield reprocessing (issue 43): it grows the
  // sheep days to 3,000 head a day, so it runs after every figure that reads them
  const support = await benchSupportTesting(
    server.origin,
    `session=${await server.login("super@demo.processor")}`,
    tenantDb,
    me.tenantId,
    today,
    (url, init) => server.app.request(url, init),
  );
  const supportPageJs = pageJs(support.html);
  const supportJs = supportPageJs.total;
  const yardJs = pageJs(yard.pageHtml).total;
  const settingsHtml = await (await fetch(`${server.origin}/settings/stockyard`, { headers: { cookie } }))
    .text();
  const editorHtml = await (await fetch(
    `${server.origin}/settings/stockyard/${/\/settings\/stockyard\/(\d+)/.exec(settingsHtml)?.[1] ?? 1}`,
    { headers: { cookie } },
  )).text();
  const editorJs = pageJs(editorHtml).total;
  const konvaGzip = Object.entries(chunks).filter(([f]) => f.startsWith("chunks/Canvas-")).reduce(
    (sum, [, c]) => sum + c.gzip,
    0,
  );
  const ratio = (x: number) => `${(x / api.p50).toFixed(1)}×`;

  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const fine = (x: number) => `${x.toFixed(3)} ms`; // the pure rules' sub-millisecond figures
  const report = `# Performance

Measured by \`deno task bench\` (tests/bench/main.ts) on this project's machine kind (2 cores), server and
client on loopback, production build. Re-run after changing anything on these paths.

_Last run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC_

## Page weight (what a plant PC downloads)

| page | HTML (gzip) | JavaScript to read it (gzip) | once a form is used | React shipped |
|---|---|---|---|---|
${
    weights.map((w) =>
      `| \`${w.path}\` | ${kb(w.html)} | ${kb(w.total)} | ${kb(w.onUse)} | ${
        w.react ? "yes (island)" : w.onUse > w.total ? "when a form is used" : "no"
      } |`
    ).join("\n")
  }

Pages without an island load only \`shell.js\` (theme, menu toggle, toasts) and its two small chunks. The
first island on a page brings the React runtime (react-dom ≈ 63 KB gzip); each island adds only its own
module and chunks (the data form ≈ 6 KB). CSS: ${kb(cssGzip)} gzip, one file, minified. These are
first-visit figures: see Caching for later views.

## Caching (what a warm page view downloads)

Every JS and CSS file is named by its content hash (\`runtime/islands-<hash>.js\`, \`app-<hash>.css\`;
pages read the names from dist/static/manifest.json) and sent with
\`Cache-Control: public, max-age=31536000, immutable\`: a browser that has a file uses it on every page
that needs it without asking the server again, until a build changes its content and so its name. A
second view of a page, or another page with the same islands, downloads no JS or CSS at all
(tests/e2e/warmCache.test.ts: Chromium's network events show every script and the stylesheet served
from its cache, 0 bytes). Files without a hash (manifest.json, source maps) revalidate with an ETag and
get a 304; the HTML itself is never cached (\`no-store\`: it carries the user's data).

A page with an island names the runtime, each island it uses and every chunk they import statically on
the island's marker; once the page has been shown, the shell adds a \`<link rel="modulepreload">\` for
each and starts the runtime, so a cold load fetches them all in parallel instead of one import level per
round trip (runtime, then island, then React's chunk), and the first paint does not wait behind them.
Every page preloads the shell's two chunks in its head. A page without an island gets no runtime, no
island and no React chunk.

## Latency (loopback, sequential)

| request | n | p50 | p99 |
|---|---|---|---|
| \`POST /login/login\` (argon2id verify + session) | ${login.n} | ${ms(login.p50)} | ${ms(login.p99)} |
| \`GET /home/clientusers\` (session, policy, streamed page) | ${page.n} | ${ms(page.p50)} | ${ms(page.p99)} |
| \`GET /login/usermodel\` (bearer token, JSON) | ${api.n} | ${ms(api.p50)} | ${ms(api.p99)} |
| \`GET /home/livestock\` (order groups, 5 weeks of the demo calendar) | ${ordersPage.n} | ${
    ms(ordersPage.p50)
  } | ${ms(ordersPage.p99)} |
| \`GET /home/livestock/deliveries\` (a week, with the load form island) | ${deliveriesPage.n} | ${
    ms(deliveriesPage.p50)
  } | ${ms(deliveriesPage.p99)} |
| \`GET /api/livestock/GetLivestockOrders\` (61 days: ${orderCount} orders, joined names) | ${ordersApi.n} | ${
    ms(ordersApi.p50)
  } | ${ms(ordersApi.p99)} |
| \`GET /settings/volumetargets?speciesId=1\` (60-day orders-versus-targets chart, SVG on the server) | ${targets.page.n} | ${
    ms(targets.page.p50)
  } | ${ms(targets.page.p99)} |
| \`GET /api/livestock/GetOrdersVersusTargets?speciesId=1\` (60 days, JSON) | ${targets.api.n} | ${
    ms(targets.api.p50)
  } | ${ms(targets.api.p99)} |
| chart render alone (recharts 2.15 \`renderToString\`, 60 days) | ${targets.chartRender.n} | ${
    ms(targets.chartRender.p50)
  } | ${ms(targets.chartRender.p99)} |

## Cost of being signed in

\`GET /login/usermodel\` (bearer token: session, caller, access rule, JSON answer) against a bare Hono
route answering \`ok\`, both served by \`Deno.serve\` on loopback in the same process: ${signedIn.plain.n} requests from ${signedIn.plain.concurrency} concurrent clients, best of two alternating rounds. The clients are keep-alive connections on raw
sockets (tests/bench/httpLoad.ts, as \`wrk\` measures) that ask for gzip or brotli and read the bytes as
sent: Deno's fetch always inflates an answer, which for a large page cost the benchmark's own process
more than the server's work (docs/decisions.md, "Throughput measured with a client that inflates nothing").

| route | requests/s | ÷ bare route |
|---|---|---|
| bare Hono text route | ${rps(signedIn.plain)} | 1.00 |
| \`GET /login/usermodel\` (gzip answer, as browsers ask) | ${rps(signedIn.usermodel)} | ${
    share(signedIn.usermodel)
  } |
| \`GET /login/usermodel\`, \`Accept-Encoding: identity\` | ${rps(signedIn.usermodelIdentity)} | ${
    share(signedIn.usermodelIdentity)
  } |
| \`GET /api/livestock/GetSupplier/{id}\` (a point read: one record by its key) | ${
    rps(signedIn.pointRead)
  } | ${share(signedIn.pointRead)} |
| \`GET /api/livestock/GetLivestockOrder/{id}\` (one order with its loads, mobs and history) | ${
    rps(signedIn.orderRead)
  } | ${share(signedIn.orderRead)} |
${
    signedIn.usermodelRedis
      ? `| \`GET /login/usermodel\`, Redis bus (\`PUSH_REDIS_URL\`: one PING per request) | ${
        rps(signedIn.usermodelRedis)
      } | ${share(signedIn.usermodelRedis)} |\n`
      : ""
  }
Control-database statements per warm signed-in request: ${
    signedIn.queriesPerRequest.toFixed(2)
  }. The session and the caller are kept in memory and
forgotten on every instance when they change (docs/decisions.md, "Signed-in requests"); before that,
each request ran ten unprepared queries. The Redis row pays one PING per request, pipelined by node-redis
when requests overlap: alone it adds ≈0.2 ms of latency, under load little throughput. Most of what
remains is the middleware every request passes (secure headers with a CSP nonce, body limit, client
clock, access rule) and compressing the answer.

## Stockyard (a yard of ${yard.pens} pens)

Ratios are to \`GET /login/usermodel\` in the same run (${
    ms(api.p50)
  } p50), the figure to compare across runs. The yard is kept until the database changes (docs/decisions.md,
"Reads kept until the database changes"): every view after the first reads it from memory. "Just after
a move" is the first page after a change: the move's answer has read the yard again, and the island's
HTML is drawn afresh. Open screens do not ask for the page again after a change: they refresh through
\`GetInitialData\`/\`Refresh\`.

| request | n | p50 | p99 | p50 ÷ usermodel |
|---|---|---|---|---|
| \`GET /home/stockyard\` (the live yard page, SVG drawn on the server; the yard kept until the database changes, its drawing by its props) | ${yard.page.n} | ${
    ms(yard.page.p50)
  } | ${ms(yard.page.p99)} | ${ratio(yard.page.p50)} |
| the same page's server time (the app's fetch in process until the last gzipped byte; target ≤ 5 ms) | ${yard.serverTime.n} | ${
    ms(yard.serverTime.p50)
  } | ${ms(yard.serverTime.p99)} | ${ratio(yard.serverTime.p50)} |
| the same page just after a move (the yard read and its drawing rendered afresh) | ${yard.pageAfterChange.n} | ${
    ms(yard.pageAfterChange.p50)
  } | ${ms(yard.pageAfterChange.p99)} | ${ratio(yard.pageAfterChange.p50)} |
| its server time just after a move (in process, as above) | ${yard.serverTimeAfterChange.n} | ${
    ms(yard.serverTimeAfterChange.p50)
  } | ${ms(yard.serverTimeAfterChange.p99)} | ${ratio(yard.serverTimeAfterChange.p50)} |
| the yard drawing alone (\`renderToString\` of the SVG, ${yard.pens} pens) | ${yard.svg.n} | ${
    ms(yard.svg.p50)
  } | ${ms(yard.svg.p99)} | ${ratio(yard.svg.p50)} |
| \`GET /api/stockyard/GetInitialData\` (the yard as JSON) | ${yard.initial.n} | ${ms(yard.initial.p50)} | ${
    ms(yard.initial.p99)
  } | ${ratio(yard.initial.p50)} |
| \`POST /api/stockyard/MoveOrMergeMobs\` (one head split off and merged back; answers the yard) | ${yard.move.n} | ${
    ms(yard.move.p50)
  } | ${ms(yard.move.p99)} | ${ratio(yard.move.p50)} |

JavaScript (gzip): the live yard page ${kb(yardJs)}, the layout editor page ${kb(editorJs)} when it opens plus
Konva (${kb(konvaGzip)}), which the editor imports once it runs in the browser; the yard page's HTML is
${kb(yard.pageHtmlGzip)} gzipped.

Sign-in cost is dominated by argon2id at OWASP parameters (19 MiB, t=2), by design. The targets page
is ${kb(targets.htmlGzip)} of gzipped HTML with the chart inline and no island. Order lists are bound by
libSQL row decoding (≈0.1 ms per 40-column order row here), not by the joins. On this 2-core
virtual machine single requests of every kind sometimes pause for up to ≈1 s: \`vmstat\` shows the
hypervisor stealing 5–74 % of the CPU meanwhile (\`st\`), while GC pauses stay under 30 ms
(\`--trace-gc\`). The larger p99 figures are those pauses; compare p50.

## Kill agenda (a day of ${agenda.lots} lots)

| measure | figure | against the plain Hono route / usermodel |
|---|---|---|
| \`GET /home/killagenda\` (the day page, ${agenda.lots} lots; the page kept until the database changes; compressed, as browsers ask), ${agenda.dayPage.page.concurrency} clients, best of two rounds alternating with the plain route (${
    rps(agenda.dayPage.plain)
  } req/s) | ${rps(agenda.dayPage.page)} req/s | ${
    agenda.dayPage.share.toFixed(3)
  } of the plain route's throughput; ${
    (agenda.dayPage.page.rps / signedIn.usermodel.rps).toFixed(2)
  }× the signed-in \`/login/usermodel\`'s above (target ≥ 1×: a kept page costs no more than the cheapest signed-in answer; docs/decisions.md) |
| the same, for a client that takes no compression (550 KB a request; one round) | ${
    rps(agenda.dayPageUncompressed.page)
  } req/s | ${agenda.dayPageUncompressed.share.toFixed(3)} of the plain route's |
| the same page's server time (the app's fetch in process until the last compressed byte), p50 | ${
    ms(agenda.dayServerTime.p50)
  } (p99 ${ms(agenda.dayServerTime.p99)}) | ${ratio(agenda.dayServerTime.p50)} usermodel |
| its server time just after a reorder (the day read and the page rendered afresh), p50 | ${
    ms(agenda.dayServerTimeAfterChange.p50)
  } (p99 ${ms(agenda.dayServerTimeAfterChange.p99)}) | ${
    ratio(agenda.dayServerTimeAfterChange.p50)
  } usermodel |
| \`GET /api/killagenda/GetKillAgenda\` (the day as JSON, kept), p50 | ${ms(agenda.dayApi.p50)} | ${
    ratio(agenda.dayApi.p50)
  } usermodel |
| \`POST /api/killagenda/Reorder\` (${agenda.lots} lots; answers the day), p50 | ${
    ms(agenda.reorder.p50)
  } (p99 ${ms(agenda.reorder.p99)}) | ${ratio(agenda.reorder.p50)} usermodel (target ≤ 20 ms) |
| planner page JavaScript (gzip: runtime, island, dnd-kit) | ${kb(plannerJs)} | target ≤ 95 KB |

KB here is 1,024 bytes, as everywhere in this file. The day is kept until the database changes; a reorder
answers the day read afresh. A 300-lot day is about 550 KB of HTML (its rows, and their data for the
island): rendering and compressing it takes several milliseconds, far more than a plain route's whole
request. So the page itself is kept (docs/decisions.md, "Pages kept until what they show changes"):
every PC and TV showing the day after a change gets the bytes the first one's request rendered,
compressed once, and a reload of an unchanged page is a 304.

## Kill floor data

A ${IMPORT_ROWS.toLocaleString("en")}-row CSV (${
    kb(floor.bytes)
  }, nine mapped columns) uploaded over HTTP with
its progress streamed (\`Accept: application/x-ndjson\`); one transaction per file.

| measure | figure | against the target |
|---|---|---|
| upload and import, new records (${floor.added.progressLines} progress lines) | ${ms(floor.added.ms)} (${
    Math.round(IMPORT_ROWS / (floor.added.ms / 1000)).toLocaleString("en")
  } rows/s) | ${(floor.added.ms / 10_000).toFixed(2)} of the 10 s target |
| the same file again (every row replaces) | ${ms(floor.replaced.ms)} | ${
    (floor.replaced.ms / 10_000).toFixed(2)
  } of the 10 s target |
| \`GET ${"/api/killfloor/GetNlisKillFile"}\` (${NLIS_HEAD.toLocaleString("en")} head), p50 | ${
    ms(floor.nlis.p50)
  } (p99 ${ms(floor.nlis.p99)}) | ${(floor.nlis.p50 / 1000).toFixed(3)} of the 1 s target; ${
    ratio(floor.nlis.p50)
  } usermodel |

## Carcass defects (Settings › Carcass Defects)

A year of sheep carcasses (${DEFECT_HEAD_A_DAY} head a day for ${DEFECT_YEAR_DAYS} days: ${
    defects.records.toLocaleString("en")
  } records besides the demo's, defects on ~5 %, condemnations ~2.3 %), counted by code in one grouped query
(\`json_each\` over the defects of the carcasses that have any; the species' kill from the index alone).

| request | n | p50 | p99 | p50 ÷ usermodel |
|---|---|---|---|---|
| \`GET /api/settings/GetCarcassDefects\` (sheep, the whole year) | ${defects.year.n} | ${
    ms(defects.year.p50)
  } | ${ms(defects.year.p99)} | ${ratio(defects.year.p50)} |
| \`GET /settings/carcassdefects?speciesId=1\` (the tab, its default 90 days) | ${defects.page.n} | ${
    ms(defects.page.p50)
  } | ${ms(defects.page.p99)} | ${ratio(defects.page.p50)} |

Find (\`GET /api/home/Find\`) on the same organisation: every kind the admin may open, each one read.

| what was typed | n | p50 | p99 | p50 ÷ usermodel |
|---|---|---|---|---|
| a tag's last nine digits (every tag of the year compared) | ${defects.findTag.n} | ${
    ms(defects.findTag.p50)
  } | ${ms(defects.findTag.p99)} | ${ratio(defects.findTag.p50)} |
| a whole tag with its space (the tags' index) | ${defects.findWholeTag.n} | ${
    ms(defects.findWholeTag.p50)
  } | ${ms(defects.findWholeTag.p99)} | ${ratio(defects.findWholeTag.p50)} |
| an order number ("12") | ${defects.findOrder.n} | ${ms(defects.findOrder.p50)} | ${
    ms(defects.findOrder.p99)
  } | ${ratio(defects.findOrder.p50)} |
| part of a name ("farm") | ${defects.findName.n} | ${ms(defects.findName.p50)} | ${
    ms(defects.findName.p99)
  } | ${ratio(defects.findName.p50)} |

## Processing overview

A production day of ${OVERVIEW_LOTS} lots (${overview.carcasses.toLocaleString("en")} carcasses recorded) in
\`GET /api/livestock/GetLivestockOrderProcessingOverview\` (issue 39: ≤ ${OVERVIEW_BOUND_MS} ms).

| measure | figure | against the target |
|---|---|---|
| read after a change of the database, p50 | ${ms(overview.cold.p50)} (p99 ${ms(overview.cold.p99)}) | ${
    (overview.cold.p50 / OVERVIEW_BOUND_MS).toFixed(2)
  } of the target; ${ratio(overview.cold.p50)} usermodel |
| read again (kept until a change), p50 | ${ms(overview.api.p50)} (p99 ${ms(overview.api.p99)}) | ${
    (overview.api.p50 / OVERVIEW_BOUND_MS).toFixed(2)
  } of the target; ${ratio(overview.api.p50)} usermodel |
| the page (kept), p50 | ${ms(overview.page.p50)} | ${ratio(overview.page.p50)} usermodel |

## Livestock dashboard

The streamed page (default twelve weeks) on an app of its own with a year of sheep history (${
    dashboard.orders.toLocaleString("en")
  } orders, ${dashboard.carcasses.toLocaleString("en")} carcasses, each invoiced), then ${
    dashboard.tenfoldOrders.toLocaleString("en")
  } orders (issue 39: first panel ≤ ${DASHBOARD_FIRST_PANEL_MS} ms, page ≤ ${DASHBOARD_PAGE_MS} ms, 10× ≤ 2×).
Against its own run's plain route (${ms(dashboard.plain.p50)}).

| measure | figure | against the target |
|---|---|---|
| first panel's figures arrived, p50 | ${ms(dashboard.firstPanel.p50)} (p99 ${
    ms(dashboard.firstPanel.p99)
  }) | ${(dashboard.firstPanel.p50 / DASHBOARD_FIRST_PANEL_MS).toFixed(2)} of the target |
| whole page, p50 | ${ms(dashboard.page.p50)} (p99 ${ms(dashboard.page.p99)}) | ${
    (dashboard.page.p50 / DASHBOARD_PAGE_MS).toFixed(2)
  } of the target |
| the whole year, p50 | ${ms(dashboard.yearPage.p50)} | |
| 10× the orders: first panel, page, p50 | ${ms(dashboard.tenfoldFirstPanel.p50)}, ${
    ms(dashboard.tenfoldPage.p50)
  } | ${(dashboard.tenfoldPage.p50 / dashboard.page.p50).toFixed(2)}× (target ≤ 2×) |
| 10× the orders, the whole year, p50 | ${ms(dashboard.tenfoldYearPage.p50)} | ${
    (dashboard.tenfoldYearPage.p50 / dashboard.yearPage.p50).toFixed(2)
  }× |

## Yield data

A beef boning day of ${
    YIELD_DAY_CARTONS.toLocaleString("en")
  } cartons sent to \`POST /api/yield/PostCartons\` in ${yieldDay.batches}
batches under the 1 MB body limit (the largest ${
    Math.round(yieldDay.largestKb)
  } KB); each batch is checked, written and its runs'
daily summaries rebuilt in one transaction.

| measure | figure | against the target |
|---|---|---|
| the day imported and summarised | ${ms(yieldDay.ms)} (${
    Math.round(yieldDay.cartons / (yieldDay.ms / 1000)).toLocaleString("en")
  } cartons/s) | ${(yieldDay.ms / 5_000).toFixed(2)} of the 5 s target |
| one batch sent again (${yieldDay.resend.cartons.toLocaleString("en")} cartons replace) | ${
    ms(yieldDay.resend.ms)
  } | |

## Production planning

The pure rules the server and the schedule builder island share, on the demo's sheep recipes, primals and
${planning.products} products; then, over the app's fetch in process, a kill day's carcass groups kept
against judged afresh (\`isFetchFromDb\`), the builder page and the Scheduled Products Report.

| measure | figure | against the target |
|---|---|---|
| predicted products, 3,000 carcasses in 12 groups, p50 | ${fine(planning.predict3000.p50)} (p99 ${
    fine(planning.predict3000.p99)
  }) | ${(planning.predict3000.p50 / 50).toFixed(3)} of the 50 ms target |
| a drop in the builder, 20 groups, p50 | ${fine(planning.drop20.p50)} (p99 ${fine(planning.drop20.p99)}) | ${
    (planning.drop20.p50 / 16).toFixed(3)
  } of the 16 ms frame |
| carcass groups judged afresh, p50 | ${ms(planning.freshGroups.p50)} | |
| carcass groups kept, p50 | ${ms(planning.keptGroups.p50)} | ${
    (planning.freshGroups.p50 / planning.keptGroups.p50).toFixed(1)
  }× faster (target ≥ 10×) |
| schedule builder page, p50 | ${ms(planning.builderPage.p50)} (p99 ${ms(planning.builderPage.p99)}) | |
| Scheduled Products Report, p50 | ${ms(planning.reportPage.p50)} (p99 ${ms(planning.reportPage.p99)}) | |
| builder page JavaScript (gzip) | ${kb(planningJs)} | ${
    (planningJs / 1024 / 120).toFixed(2)
  } of the 120 KB target |

## Yield home

\`/yield\` (Plant Analysis) server time: the app's fetch in process until the last byte, sheep, the demo's
boning season; then the same 30 days after every carton of them was sent ten times over (${
    yieldHome.cartons.toLocaleString("en")
  } → ${yieldHome.tenfoldCartons.toLocaleString("en")} cartons, the days rebuilt): the views read the daily
summaries, never the cartons. The page ships no React: ${kb(yieldHomeJs)} of JavaScript (gzip).

| measure | figure | against the target |
|---|---|---|
| 7 days (the default), p50 | ${ms(yieldHome.week.p50)} (p99 ${ms(yieldHome.week.p99)}) | ${
    (yieldHome.week.p50 / 50).toFixed(2)
  } of the 50 ms target |
| 90 days, p50 | ${ms(yieldHome.ninetyDays.p50)} (p99 ${ms(yieldHome.ninetyDays.p99)}) | ${
    (yieldHome.ninetyDays.p50 / yieldHome.week.p50).toFixed(2)
  }× the 7 days (target ≤ 3×) |
| 30 days, demo size, p50 | ${ms(yieldHome.thirtyDays.p50)} (p99 ${ms(yieldHome.thirtyDays.p99)}) | |
| 30 days, 10× the cartons, p50 | ${ms(yieldHome.thirtyDaysTenfold.p50)} (p99 ${
    ms(yieldHome.thirtyDaysTenfold.p99)
  }) | ${
    (yieldHome.thirtyDaysTenfold.p50 / yieldHome.thirtyDays.p50).toFixed(2)
  }× the demo size (target ≤ 1.5×) |
| page JavaScript (gzip) | ${kb(yieldHomeJs)} | ${(yieldHomeJs / 1024 / 60).toFixed(2)} of the 60 KB target |

## ROI reports

A ${roi.lines}-line × ${roi.columns}-column report (two years by month; half plant data, some filtered or
grouped by supplier, half typed; half debit) on the demo's facts, the app's fetch in process.

| measure | figure | against the target |
|---|---|---|
| the grid cold (after a save), p50 | ${ms(roi.cold.p50)} (p99 ${ms(roi.cold.p99)}) | ${
    (roi.cold.p50 / ROI_COLD_MS).toFixed(2)
  } of the ${ROI_COLD_MS} ms target |
| the grid cached, p50 | ${ms(roi.cached.p50)} (p99 ${ms(roi.cached.p99)}) | ${
    (roi.cached.p50 / ROI_CACHED_MS).toFixed(2)
  } of the ${ROI_CACHED_MS} ms target |
| the display page, server time p50 | ${ms(roi.page.p50)} (p99 ${ms(roi.page.p99)}) | ${
    (roi.page.p50 / ROI_PAGE_MS).toFixed(2)
  } of the ${ROI_PAGE_MS} ms target |
| its PDF, p50 | ${ms(roi.pdf.p50)} (p99 ${ms(roi.pdf.p99)}) | ${
    (roi.pdf.p50 / ROI_PDF_MS).toFixed(2)
  } of the ${ROI_PDF_MS} ms target |
| layout designer JavaScript (gzip) | ${kb(roiDesignerJs)} | ${
    (roiDesignerJs / 1024 / 120).toFixed(2)
  } of the 120 KB target |
| wizard JavaScript (gzip) | ${kb(roiWizardJs)} | ${
    (roiWizardJs / 1024 / 90).toFixed(2)
  } of the 90 KB target |
| display page JavaScript (gzip) | ${kb(roiDisplayJs)} | target: no React |

## Support chat

A staff reply (HTTP) until the user's open window (the official SignalR client, as the island) has had the
push and read the messages after its latest, over loopback; what home/support loads with its chat island.

| measure | figure | against the target |
|---|---|---|
| reply reaches the other window, p50 | ${ms(chat.delivery.p50)} (p99 ${ms(chat.delivery.p99)}) | ${
    (chat.delivery.p50 / CHAT_DELIVERY_MS).toFixed(2)
  } of the ${CHAT_DELIVERY_MS} ms target |
| home/support JavaScript (gzip) | ${kb(chatJs)} | ${(chatJs / 1024 / 70).toFixed(2)} of the 70 KB target |

## Producer portal

A lot's kill feedback page as the demo farm (${producer.lotHead} carcasses: compliance, three SVG charts, the
carcass table), over loopback; the feedback CSV writer alone and over HTTP.

| measure | figure | against the target |
|---|---|---|
| lot page, charts kept (the lot reopened), p50 | ${ms(producer.lotPage.p50)} (p99 ${
    ms(producer.lotPage.p99)
  }) | ${(producer.lotPage.p50 / LOT_PAGE_MS).toFixed(2)} of the ${LOT_PAGE_MS} ms target |
| lot page, charts drawn anew, p50 | ${ms(producer.lotPageCold.p50)} (p99 ${
    ms(producer.lotPageCold.p99)
  }) | ${(producer.lotPageCold.p50 / LOT_PAGE_MS).toFixed(2)} of the ${LOT_PAGE_MS} ms target |
| CSV writer, 10,000 carcasses, p50 | ${ms(producer.csv10k.p50)} | ${
    (producer.csv10k.p50 / FEEDBACK_CSV_MS).toFixed(2)
  } of the ${FEEDBACK_CSV_MS} ms target |
| CSV over HTTP, ${producer.csvHttpRows} carcasses, p50 | ${ms(producer.csvHttp.p50)} | |

## Invoices

A beef invoice of ${
    INVOICE_CARCASSES.toLocaleString("en")
  } carcasses over a 7 × 6 grid (bruising, condemnations, a
transaction levy, hides, a freight line), and the invoice manager's lists with ${LIST_INVOICES} drafts and ${LIST_INVOICES} published invoices.

| measure | figure | against the target |
|---|---|---|
| compute the invoice (pure), p50 | ${ms(inv.compute.p50)} (p99 ${ms(inv.compute.p99)}) | ${
    (inv.compute.p50 / 100).toFixed(2)
  } of the 100 ms target |
| render its remittance PDF (${kb(inv.pdfBytes)}), p50 | ${ms(inv.pdf.p50)} | ${
    (inv.pdf.p50 / 1000).toFixed(2)
  } of the 1 s target |
| render its feedback sheet PDF (${kb(inv.feedbackBytes)}, a line per carcass), p50 | ${
    ms(inv.feedback.p50)
  } | ${(inv.feedback.p50 / inv.pdf.p50).toFixed(1)}× the remittance PDF |
| \`GET ${"/api/ReciprocalInvoices/GetCreatedInvoices"}\` (${inv.listed} drafts), p50 over HTTP | ${
    ms(inv.list.p50)
  } (p99 ${ms(inv.list.p99)}) | ${(inv.list.p50 / 50).toFixed(2)} of the 50 ms target; ${
    ratio(inv.list.p50)
  } usermodel |
| \`GET ${"/api/ReciprocalInvoices/GetPublishedInvoices"}\` (${inv.publishedListed} published, ${inv.publishedWithEmail} with their remittance email's state), p50 over HTTP | ${
    ms(inv.publishedList.p50)
  } (p99 ${ms(inv.publishedList.p99)}) | ${
    (inv.publishedList.p50 / inv.list.p50).toFixed(2)
  }× the drafts list |

## Display carousel (TV)

A TV signed in as the display user, on the carousel (\`/display\`) at 1920×1080 in Chromium.
The redraw includes the runtime's 150 ms wait that folds a burst of events into one read.

| measure | figure | against the target |
|---|---|---|
| JavaScript of the whole carousel (runtime and push client, gzip) | ${kb(tvJs.total)}${
    tvJs.react ? " (React!)" : ", no React"
  } | ${(tvJs.total / 15360).toFixed(2)} of the 15 KB target |
| an agenda reordered through the API until the TV has redrawn it, p50 | ${ms(tvRedraw.p50)} (p99 ${
    ms(tvRedraw.p99)
  }) | ${(tvRedraw.p50 / 1000).toFixed(2)} of the 1 s target; ${ratio(tvRedraw.p50)} usermodel |

## Lists at size

The order groups page (61 days, 50 groups a page) and \`GetLivestockOrders\` (61 days, at most 1,000
rows, the total in X-Total-Count) at the demo's size and after 10,000 more orders over the same days.
The page is kept until the tenant's data changes (docs/decisions.md, "Pages kept until what they show
changes"): "rendered afresh" is its cost just after any change, "kept" every view after that.

| measure | demo (${scale.demo.orders} orders) | +10,000 (${scale.large.orders} orders) | ratio |
|---|---|---|---|
| order groups page rendered afresh (the data changed just before), p50 | ${
    ms(scale.demo.groupsPage.p50)
  } | ${ms(scale.large.groupsPage.p50)} | ${
    (scale.large.groupsPage.p50 / scale.demo.groupsPage.p50).toFixed(1)
  }× (${(scale.large.groupsPage.p50 / api.p50).toFixed(1)}× usermodel; target ≤ 50 ms) |
| order groups page kept (nothing changed since), p50 | ${ms(scale.demo.groupsPageKept.p50)} | ${
    ms(scale.large.groupsPageKept.p50)
  } | ${(scale.large.groupsPageKept.p50 / api.p50).toFixed(1)}× usermodel |
| order groups page kept, 8 clients (÷ bare route) | ${rps(scale.demo.groupsPageRps)} req/s (${
    share3(scale.demo.groupsPageRps)
  }) | ${rps(scale.large.groupsPageRps)} req/s (${share3(scale.large.groupsPageRps)}) | target ≥ 0.010 |
| order groups page, HTML (raw / gzip) | ${kb(scale.demo.groupsPageBytes)} / ${
    kb(scale.demo.groupsPageGzip)
  } | ${kb(scale.large.groupsPageBytes)} / ${kb(scale.large.groupsPageGzip)} | |
| GetLivestockOrders, p50 | ${ms(scale.demo.ordersApi.p50)} | ${ms(scale.large.ordersApi.p50)} | ${
    (scale.large.ordersApi.p50 / scale.demo.ordersApi.p50).toFixed(1)
  }× |
| GetLivestockOrders, answer (rows of total) | ${
    kb(scale.demo.ordersApiBytes)
  } (${scale.demo.ordersApiRows} of ${scale.demo.ordersApiTotal}) | ${
    kb(scale.large.ordersApiBytes)
  } (${scale.large.ordersApiRows} of ${scale.large.ordersApiTotal}) | |

## Order report CSV at size

\`ExportOrderReportCsv\` for the year to today once the tenant holds ${REPORT_ORDERS.toLocaleString("en")}
orders (17 columns, gzip as it streams): the server reads the report 1,000 orders at a time by keyset
(date, order number), one statement a batch with the HSCW and invoice figures as subqueries, and writes
each batch as it is read, so the file is never whole in memory.

| measure | value |
|---|---|
| orders in the database / lines in the file | ${orderReport.orders} / ${orderReport.lines} |
| file size | ${kb(orderReport.bytes)} |
| to the first byte / to the last byte (best of 3) | ${ms(orderReport.firstByteMs)} / ${
    ms(orderReport.ms)
  } (target ≤ ${CSV_BOUND_MS} ms) |
| server heap growth while answering | ${orderReport.heapGrowthMb.toFixed(1)} MB |

## A slow plant PC (Chromium, Lighthouse's mobile profile)

CPU slowed 4×, 150 ms round trips, 1.6 Mbps down; cold = empty cache, warm = the page opened again; each
the median of three views. Targets: LCP ≤ 1.0 s, TBT ≤ 150 ms, a warm view ≤ 10 KB besides its HTML.

| page | LCP cold | TBT cold | LCP warm | TBT warm | warm view, besides HTML |
|---|---|---|---|---|---|
${
    mobile.map((m) =>
      `| \`${m.path}\` | ${m.cold.lcp} ms | ${m.cold.tbt} ms | ${m.warm.lcp} ms | ${m.warm.tbt} ms | ${
        kb(m.warm.assetBytes)
      } |`
    ).join("\n")
  }

${
    lighthouse
      ? `Lighthouse ${LIGHTHOUSE_VERSION} (npx, our Chromium, its mobile profile with simulated throttling; the median of three
runs by performance score; targets: performance 100, accessibility ≥ 95):

| page | performance | accessibility | LCP (simulated) | TBT (simulated) |
|---|---|---|---|---|
${
        lighthouse.map((l) =>
          `| \`${l.path}\` | ${l.performance} | ${l.accessibility} | ${l.lcp} ms | ${l.tbt} ms |`
        ).join("\n")
      }
`
      : "Lighthouse could not run here (npx lighthouse needs the npm registry).\n"
  }
## Operations (issue 40)

A backup of the demo processor's database (${
    (backup.bytes / 1e6).toFixed(1)
  } MB) into blob storage while a writer
inserts a row every 10 ms through the app's own connections; then its dry run and its restore.

| measure | value | target |
|---|---|---|
| backup (VACUUM INTO, then stored) | ${ms(backup.backupMs)} | ≤ 5 s |
| longest of ${backup.writes} writes during the backup | ${ms(backup.maxWriteMs)} | ≤ 100 ms |
| restore's dry run (rows added, removed, changed per table) | ${ms(backup.dryRunMs)} | |
| restore | ${ms(backup.restoreMs)} | ≤ 10 s |

A signed-in GET over loopback, ${observed.requests} times each in turns, with the request's JSON log line and its
spans${observed.otel ? "" : " (OTEL_DENO off: the span calls are made, nothing exported)"} against neither:
median ${ms(observed.observedMs)} against ${ms(observed.bareMs)}, a **${
    (observed.cost * 100).toFixed(1)
  } %** cost
(target ≤ 5 %).

The server process (server/main.ts) over ${fleet.tenants} tenants (the demo processor and new ones), every
database opened and its migrations checked at start: ready (first \`200\` from /readyz) in ${
    ms(fleet.firstStartMs)
  } the first time and ${
    ms(fleet.restartMs)
  } on a restart (target ≤ 5 s). Resident memory ${fleet.rssAfterStartMb} MB
after start, **${fleet.rssConnectedMb} MB** with ${fleet.clients} push clients connected (target ≤ 300 MB); over a soak
shortened to ${
    fleet.soakMs / 60_000
  } minutes (the issue's 10) of 10 reads a second and an event to every client every
2 s (${fleet.soakRequests} requests, ${fleet.soakErrors} failed, ${fleet.soakRefused} refused by role): ${
    fleet.soakSamplesMb.join(", ")
  } MB, **${
    fleet.soakGrowthPct.toFixed(1)
  } %** from the first third's median to the last third's (target ≤ 10 %; the heap grows in a saw-tooth
between major collections, so one sample against another says only when the last collection ran).

Losing an instance is measured by its test, not here: tests/ops/failover.test.ts at \`FAILOVER_SIZE=full\` (two
instances and a real redis-server, 50 plant PCs writing and reading every 100 ms, 10 TVs, 60 push clients; one
instance killed with SIGKILL mid-load). Six runs in session 47: the slowest push client back on the other
instance 0.5 to 1.9 s after the kill (target ≤ 10 s), no failed reconnect try, no 500, every acknowledged write
on disk. CI runs the same test at 3 PCs and 2 TVs.

## Testing home and yield reprocessing (issue 43)

| measure | value | target |
|---|---|---|
| testing home (home/test), ${support.clients} interchange clients, p50 | ${ms(support.home.p50)} (p99 ${
    ms(support.home.p99)
  }) | ${(support.home.p50 / TESTING_HOME_MS).toFixed(2)} of the ${TESTING_HOME_MS} ms target |
| testing home JavaScript to read it (gzip; ${kb(supportPageJs.onUse)} once a form is used) | ${
    kb(supportJs)
  } | ${(supportJs / 1024 / TESTING_HOME_JS_KB).toFixed(2)} of the ${TESTING_HOME_JS_KB} KB target |
| yield reprocessing, 21 days × ${
    support.headPerDay.toLocaleString("en")
  } head a day (NDJSON, ${support.progressLines} progress lines, ${support.summaries} summaries) | ${
    support.seconds.toFixed(2)
  } s | ${(support.seconds / REPROCESS_SECONDS).toFixed(2)} of the ${REPROCESS_SECONDS} s target |

## Push hub (/hubs/userHub)

${hub.clients} official \`@microsoft/signalr\` clients (WebSockets, JSON protocol) connected to the server
running in its own process; one \`forceRefresh\` event per round, sent by the real
\`POST /api/super/ForceRefresh\` call, timed from the request until it reached each client
(${hub.rounds} rounds after a warm-up; clients and server share the 2 cores).

| measure | value |
|---|---|
| connect ${hub.clients} clients (negotiate + WebSocket + handshake, 50 at a time) | ${
    (hub.connectMs / 1000).toFixed(1)
  } s |
| delivery latency per client, p50 | ${ms(hub.p50)} |
| delivery latency per client, p99 | ${ms(hub.p99)} |
| delivery latency, worst | ${ms(hub.max)} |
| time until the last of ${hub.clients} clients has it (median round) | ${ms(hub.lastClientP50)} |

Browser push client: our own \`client/runtime/push.ts\` is ${
    kb(pushChunk?.[1].gzip ?? 0)
  } gzip, loaded after the page on signed-in pages only;
\`@microsoft/signalr\` bundled for the browser would be ${kb(signalrGzip)} gzip (docs/decisions.md).

${listenerReport(guard)}`;
  await Deno.writeTextFile(new URL("../../docs/performance.md", import.meta.url), report);
  console.log(report);
} finally {
  await server.close();
}
