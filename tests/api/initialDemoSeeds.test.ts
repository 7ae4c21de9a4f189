/**
 * The initial-data load after start-up (issue 43 item 3) over real HTTP: each area's demo seed run into
 * an organisation marked demo or test while the server runs (the seeds handed in by the registry through
 * the services), a second run adding nothing; refused in words for an unmarked organisation; super only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { livestockOrders } from "../../db/tenant/schema.ts";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const calls = jsonCalls(() => t, tokens);
let country: number; // Demo Country Meats: a processor with only its yield data, not marked

const run = (who = "super") => calls.post("/api/super/RunDemoSeeds", { tenantId: country }, who);
const orders = async () =>
  (await (await t.services.db.tenantDb(country)).select({ n: count() }).from(livestockOrders))[0].n;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ["super", "admin", "test", "support"]) {
    tokens[role] = await t.login(`${role}@demo.processor`);
  }
  country = (await t.services.db.control.query.tenants.findFirst({
    where: eq(tenants.name, "Demo Country Meats"),
  }))!.id;
});
afterAll(() => t.close());

describe("the initial-data load after start-up", () => {
  test("refused in words for an organisation not marked demo or test, and for every role but super", async () => {
    const unmarked = await run();
    expect(unmarked.status).toBe(403);
    expect(unmarked.body.message).toBe(
      "Demo Country Meats is not marked demo or test: demo data is loaded only into such an organisation.",
    );
    for (const who of ["admin", "test", "support"]) expect((await run(who)).status, who).toBe(403);
    expect(await orders()).toBe(0);
  });

  test("a marked organisation gets each area's demo data in the registry's order; a second run adds nothing", async () => {
    const marked = await calls.post(
      "/api/super/MarkDemoTenant",
      { tenantId: country, mark: "test" },
      "super",
    );
    expect(marked.status).toBe(200);
    const first = await run();
    expect(first.status).toBe(200);
    const names = first.body.areas.map((a: { name: string }) => a.name);
    expect(names.indexOf("pricing")).toBeLessThan(names.indexOf("livestock orders"));
    expect(first.body.message).toMatch(/^Each area's demo data is in Demo Country Meats \(\d+ areas;/);
    const seeded = await orders();
    expect(seeded).toBeGreaterThan(0);
    expect((await run()).status).toBe(200);
    expect(await orders()).toBe(seeded);
    const audit = await t.services.db.control.select().from(superAudit);
    expect(audit.filter((a) => a.action === "RunDemoSeeds")).toHaveLength(2);
  });
});
