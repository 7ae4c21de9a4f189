/**
 * Benchmark of the ROI reports (issue 42 "Speed"): a 40-line × 24-column report (two years by month;
 * 20 lines of plant data, some filtered or grouped by supplier, 20 typed lines, half debit) on the demo's
 * facts: its grid cold (after a save, so the version changes and the cache misses; target ≤ 200 ms) and
 * cached (≤ 10 ms), the display page's server time (≤ 20 ms) and the PDF (≤ 1 s). Requests go to the
 * app's fetch in process. `deno run -A tests/bench/roi.ts` prints the figures alone.
 */
import { time, type Timing } from "./timing.ts";
import { monthsOfYear } from "../../reports/roi/dates.ts";

export const ROI_COLD_MS = 200;
export const ROI_CACHED_MS = 10;
export const ROI_PAGE_MS = 20;
export const ROI_PDF_MS = 1000;

export interface RoiBench {
  cold: Timing;
  cached: Timing;
  page: Timing;
  pdf: Timing;
  lines: number;
  columns: number;
  /** the bench report's id (for the pages' JavaScript) */
  id: number;
}

type AppFetch = (url: string, init?: RequestInit) => Response | Promise<Response>;

export function benchReport(year: number) {
  let n = 0;
  const columns = [...monthsOfYear(year - 1, () => `c${++n}`), ...monthsOfYear(year, () => `c${++n}`)];
  const plant = [
    ["carcasses", "head", "#"],
    ["carcasses", "hscwKg", "kg"],
    ["invoices", "livestockCost", "$"],
    ["invoices", "levies", "$"],
    ["invoices", "gst", "$"],
  ] as const;
  const lines = Array.from({ length: 40 }, (_, i) => {
    const isPlant = i < 20;
    const [sourceId, sourceColumn, unit] = plant[i % plant.length];
    return {
      lineId: `l${i}`,
      displayName: `Line ${i + 1}`,
      category: isPlant ? 1 : 2,
      sourceId: isPlant ? sourceId : "manual",
      sourceColumn: isPlant ? sourceColumn : "",
      unit: isPlant ? unit : "$",
      isDebit: i % 2 === 1,
      groupBy: isPlant && i % 5 === 0 && i > 0 ? "supplier" : null,
      filters: isPlant && i % 7 === 3 ? [{ sourceColumn: "speciesId", values: ["1"] }] : [],
      values: isPlant ? [] : columns.map((c, j) => ({ reportColumnId: c.id, value: 1000 + i * 10 + j })),
    };
  });
  return {
    name: "Bench: 40 lines × 24 months",
    startDate: columns[0].startDate,
    endDate: columns.at(-1)!.endDate,
    columns,
    reportDataLines: lines,
  };
}

/** `cookie`: a super user's session (`session=<token>`). */
export async function benchRoi(
  origin: string,
  cookie: string,
  year: number,
  appFetch: AppFetch,
): Promise<RoiBench> {
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await appFetch(`${origin}${path}`, {
      ...init,
      headers: { cookie, "content-type": "application/json", ...init.headers },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const body = benchReport(year);
  let saved = await (await call("/api/report/SaveRoiReport", { method: "POST", body: JSON.stringify(body) }))
    .json();
  const id = saved.id;
  const result = () => call(`/api/report/RoiReportResult/${id}`).then((r) => r.arrayBuffer());
  // cold: every run re-saves (a new version), then reads the grid once; only the read is timed
  const coldMs: number[] = [];
  for (let i = 0; i < 15; i++) {
    saved = await (await call("/api/report/SaveRoiReport", {
      method: "POST",
      body: JSON.stringify({ ...body, id, version: saved.version }),
    })).json();
    const t0 = performance.now();
    await result();
    if (i >= 3) coldMs.push(performance.now() - t0);
  }
  coldMs.sort((a, b) => a - b);
  const cold: Timing = { p50: coldMs[Math.floor(coldMs.length / 2)], p99: coldMs.at(-1)!, n: coldMs.length };
  const cached = await time(60, result);
  const page = await time(40, () => call(`/report/RoiLayoutDisplay/${id}`).then((r) => r.text()));
  const pdf = await time(6, () => call(`/api/report/RoiReportPdf/${id}`).then((r) => r.arrayBuffer()), 2);
  return { cold, cached, page, pdf, lines: 40, columns: 24, id };
}

if (import.meta.main) {
  const { serveTestApp } = await import("../helpers/app.ts");
  const server = await serveTestApp();
  try {
    const token = await server.login("super@demo.processor");
    const figures = await benchRoi(
      server.origin,
      `session=${token}`,
      2026,
      (url, init) => server.app.request(url, init),
    );
    const line = (what: string, t: Timing, bound: number) =>
      console.log(
        `${what}: p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms (target ${bound} ms: ${
          (t.p50 / bound).toFixed(2)
        })`,
      );
    line("grid cold", figures.cold, ROI_COLD_MS);
    line("grid cached", figures.cached, ROI_CACHED_MS);
    line("display page", figures.page, ROI_PAGE_MS);
    line("PDF", figures.pdf, ROI_PDF_MS);
  } finally {
    await server.close();
  }
}
