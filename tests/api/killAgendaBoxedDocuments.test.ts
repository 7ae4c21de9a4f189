/**
 * The kill agenda documents with a boxed lot (issue 39 item 4: several orders killed as one) over the real
 * app and database files: two delivered sheep orders planned on one day are boxed through the boxing API,
 * then the report PDF (read back with pdftotext) and the report page list the lot as one line with its
 * total head and its orders beneath it (supplier, order number, head), in kill order.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { callAs, startSignedIn, type TestApp } from "../helpers/app.ts";
import { KILL_AGENDA_API as A, KILL_AGENDA_DOCUMENTS as D } from "../../server/areas/killAgenda/paths.ts";
import { BOXING_API } from "../../server/areas/livestock/boxing/api.ts";
import { formatHead } from "../../kernel/format.ts";
import { pdfText } from "../helpers/pdf.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const SHEEP = 1;
let t: TestApp;
let token: string;
/** the day the lot is killed on, and the lot as the agenda answers it */
let date: string;
let ref: string;
let lotItems: Json[];

const call = (method: "GET" | "POST", path: string, json?: unknown) => callAs(t, token, method, path, json);
const day = async (d: string) => (await call("GET", `${A.getKillAgenda}?date=${d}&speciesId=${SHEEP}`)).body;

beforeAll(async () => {
  ({ t, token } = await startSignedIn("admin@demo.processor"));
  // two of today's delivered sheep orders that are planned on the same day, with another lot there
  const week = (await call("GET", `${A.getSevenDayAgenda}?speciesId=${SHEEP}`)).body;
  const candidates: Json[] = (await call("GET", `${BOXING_API.read}?date=${week.today}&speciesId=${SHEEP}`))
    .body.candidates;
  const onDay = (d: Json) =>
    candidates.filter((c) => d.items.some((i: Json) => i.livestockOrderId === c.livestockOrderId));
  const target = week.days.find((d: Json) => onDay(d).length >= 2 && d.items.length >= 3);
  const pair = onDay(target).slice(0, 2);
  const boxed = await call("POST", BOXING_API.update, {
    boxed: true,
    orders: pair.map(({ livestockOrderId, lastModified }: Json) => ({ livestockOrderId, lastModified })),
  });
  expect(boxed.status).toBe(200);
  ref = boxed.body.boxedLotRef;
  date = target.productionDate;
  lotItems = (await day(date)).items.filter((i: Json) => i.boxedLotRef === ref);
  expect(new Set(lotItems.map((i) => i.livestockOrderId)).size).toBe(2);
});
afterAll(() => t?.close());

const lotHead = () => formatHead(lotItems.reduce((n, i) => n + i.numberOfHead, 0));
/** each order of the lot, in kill order: its number, supplier and head */
const lotOrders = () => {
  const ids = [...new Set(lotItems.map((i) => i.livestockOrderId as number))];
  return ids.map((id) => {
    const mine = lotItems.filter((i) => i.livestockOrderId === id);
    return {
      id,
      supplier: mine[0].supplierName as string,
      head: formatHead(mine.reduce((n, i) => n + i.numberOfHead, 0)),
    };
  });
};

/** A cell's text as React escaped it. */
const unescape = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("a boxed lot on the kill agenda documents", () => {
  test("the report PDF has one line for the lot with its total head, and its orders beneath it", async () => {
    const res = await t.request(`${D.reportPdf}?date=${date}&speciesId=${SHEEP}`, { token });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const lines = (await pdfText(bytes)).split("\n");
    const at = lines.findIndex((l) => l.includes(ref));
    expect(at).toBeGreaterThan(-1);
    expect(lines.filter((l) => l.includes(ref))).toHaveLength(1);
    expect(lines[at]).toMatch(new RegExp(`${ref}\\s+Boxed lot of 2 orders\\s+${lotHead()}\\b`));
    // the orders follow the lot's line, in kill order, each with its supplier, number and head
    let last = at;
    for (const o of lotOrders()) {
      const line = lines.findIndex((l, n) => n > last && l.includes(`${o.supplier} · order ${o.id}`));
      // (a long lot may wrap onto a second line)
      expect(line).toBeGreaterThan(last);
      expect(line).toBeLessThanOrEqual(last + 2);
      expect(lines[line]).toMatch(new RegExp(`\\s${o.head}\\s`));
      last = line;
    }
    // every order's own lot is still printed, on its line
    for (const i of lotItems) {
      expect(lines.slice(at + 1, last + 1).join("\n")).toContain(i.agendaLotReference);
    }
  });

  test("the report page lists the lot as one row with its orders' rows beneath it", async () => {
    const res = await t.request(`/home/killagendareport?date=${date}&species=${SHEEP}`, {
      token,
      headers: { accept: "text/html" },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const rows = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(([row]) => row);
    const at = rows.findIndex((r) => r.includes(`class="document-boxed"`));
    expect(rows.filter((r) => r.includes(`class="document-boxed"`))).toHaveLength(1);
    const cells = (row: string) =>
      [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, text]) => unescape(text));
    expect(cells(rows[at])).toEqual(expect.arrayContaining([ref, "Boxed lot of 2 orders", lotHead()]));
    lotOrders().forEach((o, n) => {
      const row = rows[at + 1 + n];
      expect(row).toContain(`class="document-boxed-order"`);
      expect(cells(row)).toEqual(expect.arrayContaining([`${o.supplier} · order ${o.id}`, o.head]));
    });
    expect(rows[at + 3] ?? "").not.toContain("document-boxed-order");
  });
});
