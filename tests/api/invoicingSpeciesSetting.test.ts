/**
 * The invoicing user setting (spec 1 §3 invoicing {allowedSpeciesIds}) from the admin's user form: kept
 * beside the user's other settings, answered back, checked against the organisation's species, and
 * obeyed where invoices are listed (another species' invoices are refused in words).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const SHEEP = 1;
const BEEF = 2;

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
});
afterAll(() => t.close());

const call = async (path: string, who: string, json?: unknown) => {
  const res = await t.request(path, { token: tokens[who], ...(json ? { method: "POST", json } : {}) });
  return { status: res.status, body: await res.json() };
};

async function theUser() {
  const list = (await call("/api/user/GetTenantUsers", "admin")).body as { email: string; id: number }[];
  return (await call(
    `/api/user/GetTenantUser/${list.find((u) => u.email === "user@demo.processor")!.id}`,
    "admin",
  ))
    .body;
}

describe("the invoicing species of a user", () => {
  test("none ticked: the user invoices all their species", async () => {
    const user = await theUser();
    expect(user.invoicingSpeciesIds).toEqual([]);
    expect((await call(`${INVOICES_API.published}?speciesId=${SHEEP}`, "user")).status).toBe(200);
  });

  test("an admin narrows it to beef: sheep invoices are refused to the user, beef ones listed", async () => {
    const user = await theUser();
    const saved = await call("/api/user/UpsertTenantUser", "admin", { ...user, invoicingSpeciesIds: [BEEF] });
    expect(saved.status).toBe(200);
    expect(saved.body.invoicingSpeciesIds).toEqual([BEEF]);
    expect((await theUser()).invoicingSpeciesIds).toEqual([BEEF]);
    const sheep = await call(`${INVOICES_API.published}?speciesId=${SHEEP}`, "user");
    expect(sheep.status).toBe(403);
    expect(sheep.body.message).toMatch(/invoicing setting/);
    expect((await call(`${INVOICES_API.published}?speciesId=${BEEF}`, "user")).status).toBe(200);
    // the form shows the field with the organisation's species
    const html = await (await t.request(`/home/clientusers/useredit?id=${user.id}`, { token: tokens.admin }))
      .text();
    expect(html).toContain("Invoicing species");
  });

  test("a species of no organisation's is refused in words, and nothing changes", async () => {
    const user = await theUser();
    const bad = await call("/api/user/UpsertTenantUser", "admin", { ...user, invoicingSpeciesIds: [999] });
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    expect(JSON.stringify(bad.body)).toContain("Choose species of your organisation.");
    expect((await theUser()).invoicingSpeciesIds).toEqual([BEEF]);
  });

  test("a plain user cannot set it (403)", async () => {
    const user = await theUser();
    expect((await call("/api/user/UpsertTenantUser", "user", { ...user, invoicingSpeciesIds: [] })).status)
      .toBe(403);
  });
});
