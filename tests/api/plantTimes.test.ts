/**
 * Every time shown, printed or offered is the plant's local time (issue 36 §6): the demo plants are in
 * New South Wales (their organisation details say Australia/Sydney) while the server's own zone here is
 * UTC. On a clock fixed at a known instant, a page, a PDF and the arrival time offered all say Sydney's.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";
import { interchangeClients } from "../../db/tenant/schema.ts";
import { KILL_AGENDA_DOCUMENTS } from "../../server/areas/killAgenda/paths.ts";

// 18:44 UTC on the 26th is 5:44 am on the 27th in Sydney (daylight saving, UTC+11)
const INSTANT = "2026-11-26T18:44:00.000Z";

let t: TestApp;
let cookie: string;
let token: string;
beforeAll(async () => {
  // the server's clock pinned at INSTANT, the demo seeded for the plant's day then
  t = await startTestApp({ TIME_ZONE: "UTC" }, { at: new Date(INSTANT) });
  token = await t.login("super@demo.processor");
  cookie = `session=${token}`;
  const me = await (await t.request("/login/usermodel", { token })).json();
  const db = await t.services.db.tenantDb(me.tenantId);
  await db.update(interchangeClients).set({ lastHeartbeatAt: INSTANT });
});
afterAll(() => t?.close());

const page = async (path: string, as = cookie) => {
  const res = await t.request(path, { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("&quot;", '"');
};

describe("the plant's local time", () => {
  test("the demo plant's organisation details carry its zone", async () => {
    const details = await (await t.request("/api/settings/GetOrganisationDetails", { token })).json();
    expect(details).toMatchObject({ timeZone: "Australia/Sydney", lastModified: expect.any(String) });
  });

  test("a page shows a moment in Sydney's time; a client gone quiet is not also said to be unheard", async () => {
    const html = await page("/settings/integrations");
    expect(html).toContain("27 Nov 2026, 5:44 am");
    expect(html).not.toContain("26 Nov 2026, 6:44 pm");
    expect(html).not.toContain("Not heard from");
    expect(html).toMatch(/Last heard<\/dt><dd>27 Nov 2026, 5:44 am/);
  });

  test("a printout says when it was printed in Sydney's time", async () => {
    const res = await t.request(`${KILL_AGENDA_DOCUMENTS.reportPdf}?date=2026-11-27`, { token });
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Printed 27 Nov 2026, 5:44 am");
  });

  test("the arrival time offered for a delivery is now in Sydney", async () => {
    const user = await t.login("user@demo.processor");
    const html = await page("/home/livestock/deliveries", `session=${user}`);
    expect(html).toContain('"deliveryTime":"05:44"');
  });
});
