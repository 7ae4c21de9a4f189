/**
 * Benchmark of the producer portal's kill feedback (issue 44 speed targets): a lot's feedback page of
 * about 300 carcasses with its server-drawn charts (target ≤ 30 ms server time), and the feedback CSV of
 * 10,000 carcasses (target ≤ 1 s): the writer alone on 10,000 rows, and the link's whole history over HTTP.
 * The page keeps its recharts charts by content (portal/drawnCharts.tsx): timed warm (the lot reopened) and
 * cold (every chart drawn anew). The server is this process, so the bench can forget the drawn charts.
 * Sequential requests on loopback; bounded. Run alone: `deno run -A tests/bench/producerFeedback.ts`.
 */
import { count, desc, eq } from "drizzle-orm";
import { carcasses } from "../../db/tenant/killFloor.ts";
import { producerLinks } from "../../db/control/producerLinks.ts";
import { feedbackCsv, type FeedbackFileRow } from "../../server/areas/producer/feedback/files.ts";
import type { AppServices } from "../../server/env.ts";
import { forgetDrawnCharts } from "../../server/areas/producer/portal/drawnCharts.tsx";
import { time, type Timing } from "./timing.ts";

export const LOT_PAGE_MS = 30;
export const FEEDBACK_CSV_MS = 1_000;

export interface ProducerFeedbackBench {
  /** carcasses on the lot page timed */
  lotHead: number;
  /** GET /producerportal/lots/$id?link=N (compliance, three SVG charts, the carcass table), charts kept */
  lotPage: Timing;
  /** the same with every chart drawn anew */
  lotPageCold: Timing;
  /** feedbackCsv over 10,000 rows, in process */
  csv10k: Timing;
  /** GET /api/producer/FeedbackCsv over the link's whole visible history */
  csvHttp: Timing;
  csvHttpRows: number;
}

/** `cookie`: a signed-in session of the demo farm (`session=<token>`), whose demo link is used. */
export async function benchProducerFeedback(
  origin: string,
  cookie: string,
  services: AppServices,
): Promise<ProducerFeedbackBench> {
  const [link] = await services.db.control.select().from(producerLinks).orderBy(producerLinks.id).limit(1);
  if (!link) throw new Error("the demo has no producer link");
  const db = await services.db.tenantDb(link.processorTenantId);
  // the lot nearest 300 carcasses
  const lots = await db.select({ id: carcasses.livestockOrderId, n: count() }).from(carcasses)
    .where(eq(carcasses.supplierId, link.supplierIds[0])).groupBy(carcasses.livestockOrderId)
    .orderBy(desc(count()));
  const lot = lots.reduce((a, b) => (Math.abs(b.n - 300) < Math.abs(a.n - 300) ? b : a));
  const headers = { cookie };
  const get = async (path: string) => {
    const res = await fetch(`${origin}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return await res.text();
  };
  const lotPath = `/producerportal/lots/${lot.id}?link=${link.id}`;
  if (!(await get(lotPath)).includes("recharts-surface")) throw new Error("the lot page drew no chart");
  const lotPage = await time(50, () => get(lotPath));
  const lotPageCold = await time(30, () => {
    forgetDrawnCharts();
    return get(lotPath);
  });

  const row: FeedbackFileRow = {
    productionDate: "2026-12-02",
    supplierName: "Glenlea Farming Trust",
    pic: "SB622589",
    nvd: "N1234567",
    livestockOrderId: 71,
    bodyNumber: 1,
    rfid: "982 000123456789",
    speciesCategoryId: 1,
    sex: "F",
    dentition: 2,
    hscwKg: 288.4,
    fatDepthMm: 11,
    fatScore: 3,
    gradeCode: "YG",
    msaHumpMm: 60,
    msaHgp: false,
    msaOssification: 150,
    msaMarbling: 340,
    msaRibFatMm: 6,
    msaUltimatePh: 5.56,
    msaLoinTempC: 9.5,
    msaIndex: 58.23,
    defects: ["bruise"],
    condemned: "none",
    condemnedReason: null,
  };
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ ...row, bodyNumber: i + 1 }));
  const csv10k = await time(10, () => feedbackCsv(rows), 2);

  const csvPath = `/api/producer/FeedbackCsv?linkId=${link.id}&from=${link.visibleFrom}&to=${
    addYear(link.visibleFrom)
  }`;
  const csvHttpRows = (await get(csvPath)).split("\r\n").length - 2;
  const csvHttp = await time(10, () => get(csvPath), 2);
  return { lotHead: lot.n, lotPage, lotPageCold, csv10k, csvHttp, csvHttpRows };
}

/** The last day a one-year range from `from` may ask for. */
function addYear(from: string) {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 365);
  return d.toISOString().slice(0, 10);
}

if (import.meta.main) {
  const { serveTestApp } = await import("../helpers/app.ts");
  const server = await serveTestApp();
  try {
    const token = await server.login("producer@demo.farm");
    const b = await benchProducerFeedback(server.origin, `session=${token}`, server.services);
    const ms = (t: Timing) => `p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`;
    console.log(`lot page (${b.lotHead} carcasses, 3 SVG charts): ${ms(b.lotPage)} (target ≤ 30 ms)`);
    console.log(`lot page, charts drawn anew: ${ms(b.lotPageCold)}`);
    console.log(`CSV writer, 10,000 carcasses: ${ms(b.csv10k)} (target ≤ 1,000 ms)`);
    console.log(`CSV over HTTP, ${b.csvHttpRows} carcasses: ${ms(b.csvHttp)}`);
  } finally {
    await server.close();
  }
}
