/**
 * The plant's "today" for requests that send no X-Local-Date (pages): the organisation's time zone once
 * its details were saved, else the browser's zone from the `tz` cookie the boot script sets, else the
 * configured TIME_ZONE; never the server's UTC day. A client's X-Local-Date is honoured within a day of it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { addDays, todayIn } from "../../kernel/dates.ts";
import { tenantProfiles } from "../../db/control/schema.ts";

let t: TestApp;
let session: string;
/** The test app's pinned instant: every zone's today below is at it. */
const NOW = plantNoon();
beforeAll(async () => {
  t = await startTestApp({ TIME_ZONE: "Pacific/Kiritimati" }); // UTC+14: a day ahead of UTC most hours
  session = await t.login("admin@demo.processor");
  // an organisation that has not saved its details yet (the demo's come with a zone)
  const { tenantId } = await (await t.request("/login/usermodel", { token: session })).json();
  await t.services.db.control.delete(tenantProfiles).where(eq(tenantProfiles.tenantId, tenantId));
  await t.services.callers.changed({ tenantIds: [tenantId] });
});
afterAll(() => t?.close());

/** The start date the new price grid group form offers: the plant's today. */
async function offeredStartDate(headers: Record<string, string>): Promise<string> {
  const res = await t.request("/settings/newpricinggrid", {
    headers: { cookie: `session=${session}`, ...headers },
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  return /"startDate":"(\d{4}-\d{2}-\d{2})"/.exec(html.replaceAll("&quot;", '"'))![1];
}

describe("the plant's date on pages", () => {
  test("the browser's time zone (cookie tz) decides", async () => {
    const west = await offeredStartDate({ cookie: `session=${session}; tz=Pacific%2FPago_Pago` });
    const east = await offeredStartDate({ cookie: `session=${session}; tz=Pacific%2FKiritimati` });
    // UTC-11 and UTC+14 are 25 hours apart: never the same day
    expect(west).not.toBe(east);
    expect(west).toBe(todayIn("Pacific/Pago_Pago", NOW));
  });

  test("without the cookie, or with a zone that does not exist, TIME_ZONE decides", async () => {
    const expected = todayIn("Pacific/Kiritimati", NOW);
    expect(await offeredStartDate({})).toBe(expected);
    expect(await offeredStartDate({ cookie: `session=${session}; tz=Mars%2FOlympus` })).toBe(expected);
  });

  test("X-Local-Date within a day of the plant's today wins (API clients, islands); further off is refused", async () => {
    const plantDay = todayIn("Pacific/Kiritimati", NOW);
    expect(await offeredStartDate({ "x-local-date": addDays(plantDay, -1) })).toBe(addDays(plantDay, -1));
    expect(await offeredStartDate({ "x-local-date": addDays(plantDay, 1) })).toBe(addDays(plantDay, 1));
    const far = await t.request("/settings/newpricinggrid", {
      headers: { cookie: `session=${session}`, "x-local-date": addDays(plantDay, -30) },
    });
    expect(far.status).toBe(400);
  });
});

describe("the organisation's time zone", () => {
  test("once saved, it is the plant's day whatever the browser's zone; a change applies at once", async () => {
    const superUser = await t.login("super@demo.processor");
    const call = async (path: string, json?: unknown) =>
      (await t.request(path, { token: superUser, ...(json ? { method: "POST", json } : {}) })).json();
    const details = await call("/api/settings/GetOrganisationDetails");
    const { tenantId: _, category: __, logoRef: ___, lastModified, ...fields } = details;
    // Pago Pago is 19 hours behind Perth: at the pinned midday in Sydney, the day before Perth's
    const browser = { cookie: `session=${session}; tz=Pacific%2FPago_Pago` };
    // the pages tell the shell whether the browser's zone is wanted: not once the plant's is saved
    const plantZoneSaid = async () =>
      /^<!DOCTYPE html><html lang="en-AU" data-plant-zone="">/.test(
        await (await t.request("/home/livestock", { headers: { cookie: `session=${session}` } })).text(),
      );
    expect(await plantZoneSaid()).toBe(false);
    const perth = await call("/api/settings/UpdateOrganisationDetails", {
      ...fields,
      lastModified: lastModified ?? undefined,
      timeZone: "Australia/Perth",
    });
    expect(perth.timeZone).toBe("Australia/Perth");
    expect(await plantZoneSaid()).toBe(true);
    expect(await offeredStartDate(browser)).toBe(todayIn("Australia/Perth", NOW));
    const darwin = await call("/api/settings/UpdateOrganisationDetails", {
      ...fields,
      lastModified: perth.lastModified,
      timeZone: "Australia/Darwin",
    });
    expect(darwin.timeZone).toBe("Australia/Darwin");
    expect(await offeredStartDate(browser)).toBe(todayIn("Australia/Darwin", NOW));
    const yesterday = addDays(todayIn("Australia/Darwin", NOW), -1);
    expect(await offeredStartDate({ "x-local-date": yesterday })).toBe(yesterday);
  });
});
