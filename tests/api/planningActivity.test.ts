/**
 * The comparison's activity (issue 41 item 8, spec 3 §7 "comparison objects and activity") over real HTTP:
 * what is done to the demo's plan for tomorrow (saved, copied by a bulk operation, released to a boning
 * room, its schedule withdrawn) comes back newest first in plain words, on the call and on the product
 * comparison page; super with the product definitions module only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { boningRooms } from "../../db/tenant/schema.ts";
import { BUILDER_API as B } from "../../server/areas/planning/builder/api.ts";
import { SCHEDULES_API as S } from "../../server/areas/planning/schedules/api.ts";
import { BULK_API as BULK } from "../../server/areas/planning/bulk/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const LAMB = 1;
const ACTIVITY = "/api/planning/ComparisonActivity";

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["super", "admin", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

type Plan = { id: number; name: string; productionDate: string; speciesId: number; tenantSiteId: number };

describe("the comparison's activity", () => {
  test("a plan saved, copied, released and withdrawn: newest first, in plain words", async () => {
    const before = await get(ACTIVITY, "super");
    expect(before).toEqual({ status: 200, body: [] }); // the demo's plans were seeded, not made
    const demo = ((await get("/api/planning/ComparablePlans", "super")).body as Plan[])
      .find((p) => p.productionDate === plantDay(1) && p.speciesId === LAMB)!;
    const plan = (await get(B.cutPlan.replace("{id}", String(demo.id)), "super")).body;
    const saved = await post(B.saveCutPlan, { ...plan, name: "Activity plan" }, "super");
    expect(saved.status).toBe(200);

    const copy = { planId: demo.id, toDate: plantDay(2) };
    const preview = await post(BULK.copyPlan, copy, "super");
    expect((await post(BULK.copyPlan, { ...copy, confirm: preview.body.token }, "super")).body.applied).toBe(
      true,
    );

    const rooms = await (await t.services.db.tenantDb(1)).select().from(boningRooms)
      .where(eq(boningRooms.tenantSiteId, demo.tenantSiteId));
    const room = rooms.find((r) => r.speciesIds.includes(LAMB))!;
    const released = await post(
      S.release,
      { cutPlanId: demo.id, boningRoomId: room.id, shift: "day" },
      "super",
    );
    expect(released.status).toBe(200);
    const withdrawn = await post(S.withdraw, { id: released.body.id }, "super");
    expect(withdrawn.status).toBe(200);

    const res = await get(ACTIVITY, "super");
    expect(res.status).toBe(200);
    expect(res.body.map((a: { planName: string; what: string }) => `${a.planName}: ${a.what}`)).toEqual([
      "Activity plan: A schedule of it was withdrawn",
      `Activity plan: Released: Activity plan to ${room.name}, day shift`,
      "Activity plan (copy): Copied from Activity plan (Thu 3 Dec)",
      "Activity plan: Saved",
    ]);
    expect(res.body[0]).toMatchObject({ planId: demo.id, productionDate: plantDay(1), speciesId: LAMB });
    expect(typeof res.body[0].userName).toBe("string");

    const page = await t.request("/productionscheduling/productcomparison", { token: tokens.super });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Recent activity");
    expect(html).toContain("A schedule of it was withdrawn");
  });

  test("super only", async () => {
    for (const who of ["admin", "display", "farm"]) expect((await get(ACTIVITY, who)).status, who).toBe(403);
  });
});
