/**
 * Production planning part B over real HTTP and real db files (issue 41 items 4, 5, 7): carcass groups
 * (killed and predicted, kept, split, moved, cleared), cut plans (save, get, 400, 409 stale, delete),
 * predicted products (standard and from each carcass), schedules released to a boning room and their
 * execution as cartons arrive, a plan against what was packed, and the bulk operations (preview, apply,
 * 409 when stale). Who may: super with the scheduleBuilder module only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { auditLog, boningRooms, planningGroupCache } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { GROUPS_API as G } from "../../server/areas/planning/groups/api.ts";
import { BUILDER_API as B } from "../../server/areas/planning/builder/api.ts";
import { SCHEDULES_API as S } from "../../server/areas/planning/schedules/api.ts";
import { BULK_API as BULK } from "../../server/areas/planning/bulk/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);

const LAMB = 1;
const KILLED = plantDay(-1);
const TOMORROW = plantDay(1);
/** the day the bulk test copies tomorrow's plan to (its predicted groups are of the same kinds) */
const COPY_TO = plantDay(2);
let site = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["super", "admin", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const model = await (await t.request("/login/usermodel", { token: tokens.super })).json();
  site = model.tenantSites[0].id;
});
afterAll(() => t.close());

const groupsQuery = (from: string, to = from, extra = "") =>
  `${G.plannableCarcassGroups}?speciesId=${LAMB}&tenantSiteId=${site}&fromDateValue=${from}&toDateValue=${to}${extra}`;
const expectValidation = (res: { status: number; body: Record<string, unknown> }) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ isValidation: true });
  expect(typeof res.body.title).toBe("string");
  expect(typeof res.body.message).toBe("string");
};

describe("carcass groups", () => {
  test("a killed day's carcasses in groups, kept; a fresh read judges them again", async () => {
    const res = await get(groupsQuery(KILLED), "super");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [day] = res.body;
    expect(day).toMatchObject({ speciesId: LAMB, tenantSiteId: site, processingDateValue: KILLED });
    expect(day.totalCount).toBeGreaterThan(10);
    expect(day.groups[0].isPredicted).toBe(false);
    const kept = await (await db()).select().from(planningGroupCache)
      .where(and(eq(planningGroupCache.killDateValue, KILLED), eq(planningGroupCache.speciesId, LAMB)));
    expect(kept).toHaveLength(1);
    const again = await get(groupsQuery(KILLED, KILLED, "&isFetchFromDb=true"), "super");
    expect(again.body).toEqual(res.body);
  });

  test("two cold reads at once both answer 200 (keeping the groups is only a cache)", async () => {
    const clear = { speciesId: LAMB, tenantSiteId: site, fromDateValue: KILLED, toDateValue: KILLED };
    expect((await post(G.clearCache, clear, "super")).status).toBe(200);
    const both = await Promise.all([get(groupsQuery(KILLED), "super"), get(groupsQuery(KILLED), "super")]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1].body).toEqual(both[0].body);
  });

  test("the kept groups go when a carcass type's rules change", async () => {
    await get(groupsQuery(KILLED), "super");
    const kept = async () =>
      (await (await db()).select().from(planningGroupCache).where(eq(planningGroupCache.speciesId, LAMB)))
        .length;
    expect(await kept()).toBeGreaterThan(0);
    const [type] = (await get(`/api/planning/CarcassTypes?speciesId=${LAMB}`, "super")).body;
    const saved = await post("/api/planning/UpsertCarcassType", type, "super");
    expect(saved.status).toBe(200);
    expect(await kept()).toBe(0);
  });

  test("tomorrow's groups are predicted from the kill agenda", async () => {
    const res = await get(groupsQuery(TOMORROW), "super");
    expect(res.status).toBe(200);
    expect(res.body[0].totalCount).toBeGreaterThan(0);
    expect(res.body[0].groups.every((g: { isPredicted: boolean }) => g.isPredicted)).toBe(true);
  });

  test("split by weight, move one half to the next day; clear the cache; 409 on a group gone", async () => {
    const [day] = (await get(groupsQuery(KILLED), "super")).body;
    const group = day.groups[0];
    const split = await post(G.splitGroup, {
      speciesId: LAMB,
      tenantSiteId: site,
      killDateValue: KILLED,
      groupId: group.id,
      by: "weight",
      at: 22,
    }, "super");
    expect(split.status).toBe(200);
    const halves = split.body[0].groups.filter((g: { id: string }) => g.id.startsWith(`${group.id}|w`));
    expect(halves.map((g: { limits: string[] }) => g.limits.at(-1))).toEqual([
      "HSCW ≤ 22 kg",
      "HSCW > 22 kg",
    ]);
    const moved = await post(G.moveGroup, {
      speciesId: LAMB,
      tenantSiteId: site,
      killDateValue: KILLED,
      groupId: halves[1].id,
      toDate: plantDay(0),
    }, "super");
    expect(moved.status).toBe(200);
    expect(moved.body.map((d: { processingDateValue: string }) => d.processingDateValue)).toEqual([
      KILLED,
      plantDay(0),
    ]);
    const gone = await post(G.moveGroup, {
      speciesId: LAMB,
      tenantSiteId: site,
      killDateValue: KILLED,
      groupId: group.id,
      toDate: plantDay(0),
    }, "super");
    expect(gone.status).toBe(409);
    const audit = await (await db()).select().from(auditLog).where(eq(auditLog.entity, "Carcass group"));
    expect(audit.map((a) => a.action)).toEqual(["Group split", "Group moved"]);
    const cleared = await post(G.clearCache, {
      speciesId: LAMB,
      tenantSiteId: site,
      fromDateValue: KILLED,
      toDateValue: KILLED,
    }, "super");
    expect(cleared).toEqual({ status: 200, body: { cleared: 1 } });
  });

  test("400: backwards or too long a period, a split at zero; nothing kept", async () => {
    expectValidation(await get(groupsQuery(KILLED, plantDay(-3)), "super"));
    expectValidation(await get(groupsQuery(plantDay(-20), KILLED), "super"));
    const [day] = (await get(groupsQuery(TOMORROW), "super")).body;
    expectValidation(
      await post(G.splitGroup, {
        speciesId: LAMB,
        tenantSiteId: site,
        killDateValue: TOMORROW,
        groupId: day.groups[0].id,
        by: "fat",
        at: 0,
      }, "super"),
    );
  });
});

type Plan = { id: number; lastModified: string; carcassGroups: unknown[]; statistics: { row: string }[] };
let plan: Plan;

describe("cut plans", () => {
  const recipesOf = async (date: string) => {
    const [day] = (await get(groupsQuery(date), "super")).body;
    return day.groups[0].id as string;
  };
  const recipesFor = async (date: string) => {
    const model = await get(
      `${B.builder}?productionDate=${date}&speciesId=${LAMB}&tenantSiteId=${site}`,
      "super",
    );
    expect(model.status).toBe(200);
    return model.body.props.recipes as { id: number; primalId: number }[];
  };

  test("save a plan: each group a recipe per primal; get it back with the statistic rows", async () => {
    const groupId = await recipesOf(TOMORROW);
    const recipes = await recipesFor(TOMORROW);
    expect(recipes.length).toBeGreaterThan(3);
    const byPrimal = new Map<number, number>();
    for (const r of recipes) if (!byPrimal.has(r.primalId)) byPrimal.set(r.primalId, r.id);
    const saved = await post(B.saveCutPlan, {
      name: "Tomorrow A",
      productionDate: TOMORROW,
      speciesId: LAMB,
      tenantSiteId: site,
      carcassGroups: [{
        id: groupId,
        dateValue: TOMORROW,
        tenantSiteId: site,
        recipesToTransact: [...byPrimal.values()],
      }],
    }, "super");
    expect(saved.status).toBe(200);
    plan = saved.body;
    expect(plan.statistics.map((r) => r.row)).toEqual(["Total", "Orders", "+", "Filled", "Unfilled"]);
    const total = saved.body.statistics[0];
    expect(total.values.leg).toBeGreaterThan(0);
    expect(total.values.rack).toBeGreaterThan(0);
    expect((await get(B.cutPlan.replace("{id}", String(plan.id)), "super")).body).toEqual(plan);
    const list = await get(
      `${B.cutPlans}?productionDate=${TOMORROW}&speciesId=${LAMB}&tenantSiteId=${site}`,
      "super",
    );
    // beside the demo's own plan for tomorrow
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(["Plan for Thu 3 Dec", "Tomorrow A"]);
  });

  test("400: two recipes of one primal, a group not of the day, no name; nothing changed", async () => {
    const before = (await get(B.cutPlan.replace("{id}", String(plan.id)), "super")).body;
    const group = plan.carcassGroups[0] as { id: string };
    const base = {
      id: plan.id,
      name: "X",
      productionDate: TOMORROW,
      speciesId: LAMB,
      tenantSiteId: site,
      lastModified: plan.lastModified,
    };
    const recipes = await recipesFor(TOMORROW);
    const primal = recipes.find((r) => recipes.filter((o) => o.primalId === r.primalId).length > 1)!.primalId;
    const twins = recipes.filter((r) => r.primalId === primal).map((r) => r.id).slice(0, 2);
    expectValidation(
      await post(B.saveCutPlan, {
        ...base,
        carcassGroups: [{ id: group.id, dateValue: TOMORROW, tenantSiteId: site, recipesToTransact: twins }],
      }, "super"),
    );
    expectValidation(
      await post(B.saveCutPlan, {
        ...base,
        carcassGroups: [{ id: "nope", dateValue: TOMORROW, tenantSiteId: site, recipesToTransact: [] }],
      }, "super"),
    );
    expectValidation(await post(B.saveCutPlan, { ...base, name: " ", carcassGroups: [] }, "super"));
    expect((await get(B.cutPlan.replace("{id}", String(plan.id)), "super")).body).toEqual(before);
  });

  test("409: a save or delete of a plan someone saved since", async () => {
    const renamed = await post(B.saveCutPlan, { ...plan, name: "Tomorrow B" }, "super");
    expect(renamed.status).toBe(200);
    const stale = await post(B.saveCutPlan, { ...plan, name: "Tomorrow C" }, "super");
    expect(stale.status).toBe(409);
    expect((await post(B.deleteCutPlan, { id: plan.id, lastModified: plan.lastModified }, "super")).status)
      .toBe(409);
    plan = renamed.body;
  });

  test("predicted products: from standard yields, and from each carcass's weight and fat", async () => {
    const q = `productionDate=${TOMORROW}&speciesId=${LAMB}&tenantSiteId=${site}&cutPlanId=${plan.id}`;
    const standard = await get(`${B.predictedProducts}?${q}`, "super");
    expect(standard.status).toBe(200);
    expect(standard.body.basis).toBe("standard");
    expect(standard.body.products.length).toBeGreaterThan(3);
    const p = standard.body.products[0];
    expect(p.cartons).toBeGreaterThan(0);
    expect(p.cents).toBeGreaterThan(0);
    const own = await get(`${B.predictedProductsFromCarcass}?${q}`, "super");
    expect(own.body.basis).toBe("carcass");
    expect(own.body.head).toBe(standard.body.head);
    expectValidation(
      await get(
        `${B.predictedProducts}?productionDate=2026-13-01&speciesId=${LAMB}&tenantSiteId=${site}`,
        "super",
      ),
    );
  });
});

describe("schedules and their execution", () => {
  let scheduleId = 0;
  const room = async () => {
    const rooms = await (await db()).select().from(boningRooms).where(eq(boningRooms.tenantSiteId, site));
    return rooms.find((r) => r.speciesIds.includes(LAMB))?.id ?? 0;
  };

  test("release a plan to a boning room's day shift; again is 409; the plan cannot be deleted", async () => {
    const boningRoomId = await room();
    expect(boningRoomId).toBeGreaterThan(0);
    const released = await post(S.release, { cutPlanId: plan.id, boningRoomId, shift: "day" }, "super");
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ productionDate: TOMORROW, shift: "day", planName: "Tomorrow B" });
    expect(released.body.plannedCartons).toBeGreaterThan(0);
    scheduleId = released.body.id;
    expect((await post(S.release, { cutPlanId: plan.id, boningRoomId, shift: "day" }, "super")).status).toBe(
      409,
    );
    expect((await post(B.deleteCutPlan, { id: plan.id }, "super")).status).toBe(409);
    expectValidation(await post(S.release, { cutPlanId: plan.id, boningRoomId, shift: "evening" }, "super"));
    const list = await get(`${S.schedules}?fromDate=${TOMORROW}&toDate=${TOMORROW}`, "super");
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([scheduleId]);
  });

  test("execution: nothing packed, then a carton arrives and counts against its product", async () => {
    const path = S.execution.replace("{id}", String(scheduleId));
    const before = await get(path, "super");
    expect(before.status).toBe(200);
    expect(before.body.totals.packedCartons).toBe(0);
    const line = before.body.lines[0];
    const codes = await (await db()).query.productCodes.findFirst({
      where: (c, { eq }) => eq(c.id, line.productId),
    });
    const key = (await post("/api/integrations/CreateApiKey", { name: "Boning room" }, "admin")).body.key;
    tokens.plant = key;
    const schedule = before.body.schedule;
    const sent = await post("/api/yield/PostCartons", {
      cartons: [{
        serial: "PLAN-1",
        productCode: codes!.code,
        netKg: 19.5,
        productionDate: TOMORROW,
        shift: "day",
        boningRoom: schedule.boningRoom,
        site: String(schedule.tenantSiteId),
        run: { runNumber: 90, head: 10, hscwKg: 220 },
      }],
    }, "plant");
    expect(sent.status).toBe(200);
    const after = await get(path, "super");
    expect(after.body.lines[0]).toMatchObject({ packedCartons: 1, packedKg: 19.5 });
    expect(after.body.lines[0].remainingCartons).toBe(Math.max(0, line.plannedCartons - 1));
  });

  test("withdraw a schedule: 409 when stale, then gone (the plan stays)", async () => {
    const [one] = (await get(`${S.schedules}?fromDate=${TOMORROW}&toDate=${TOMORROW}`, "super")).body;
    const boningRoomId = await room();
    const night = await post(S.release, { cutPlanId: plan.id, boningRoomId, shift: "night" }, "super");
    expect(night.status).toBe(200);
    expect(
      (await post(S.withdraw, { id: night.body.id, lastModified: "2020-01-01T00:00:00.000Z" }, "super"))
        .status,
    )
      .toBe(409);
    expect(await post(S.withdraw, { id: night.body.id, lastModified: night.body.lastModified }, "super"))
      .toEqual({ status: 200, body: { id: night.body.id } });
    const left = (await get(`${S.schedules}?fromDate=${TOMORROW}&toDate=${TOMORROW}`, "super")).body;
    expect(left.map((s: { id: number }) => s.id)).toEqual([one.id]);
  });

  test("the schedule and report pages show it", async () => {
    for (
      const path of [
        `/productionscheduling/scheduleplanexecution/${scheduleId}`,
        `/home/scheduledProductsReport?date=${TOMORROW}`,
      ]
    ) {
      const res = await t.request(path, { token: tokens.super });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("Tomorrow B");
    }
  });
});

describe("product comparison", () => {
  type Plan = { id: number; name: string; speciesId: number };
  test("two plans side by side with head and $ per head; 400 without a plan; 403 for all but super", async () => {
    const plans = await get("/api/planning/ComparablePlans", "super");
    expect(plans.status).toBe(200);
    const [a, b] = (plans.body as Plan[]).filter((p) => p.speciesId === plans.body[0].speciesId);
    expect(b, "two plans of one species").toBeDefined();
    const res = await get(`/api/planning/ProductComparison?planA=${a.id}&planB=${b.id}`, "super");
    expect(res.status).toBe(200);
    expect(res.body.planA).toMatchObject({ id: a.id, name: a.name });
    expect(res.body.planA.head).toBeGreaterThan(0);
    expect(res.body.planA.centsPerHead).toBe(Math.round(res.body.planA.cents / res.body.planA.head));
    const sumA = res.body.rows.reduce((s: number, r: { aCents: number }) => s + r.aCents, 0);
    expect(sumA).toBe(res.body.planA.cents);
    for (const r of res.body.rows) expect(r.centsDifference).toBe(r.bCents - r.aCents);
    expectValidation(await get(`/api/planning/ProductComparison?planA=${a.id}`, "super"));
    // two species' plans share no product: refused in words, naming the plans
    const other = (plans.body as Plan[]).find((p) => p.speciesId !== a.speciesId);
    expect(other, "a plan of another species").toBeDefined();
    const mixed = await get(`/api/planning/ProductComparison?planA=${a.id}&planB=${other!.id}`, "super");
    expectValidation(mixed);
    expect(JSON.stringify(mixed.body)).toContain("compare two plans of one species");
    // the page: unchosen, two plans of one species (each named with it); a mixed choice says why, no table
    const html = async (path: string) =>
      (await (await t.request(path, { token: tokens.super })).text()).replaceAll("<!-- -->", "");
    const chosen = [...(await html("/productionscheduling/productcomparison"))
      .matchAll(/<option value="\d+" selected="">[^<]*\(([^)<]+)\)<\/option>/g)].map((m) => m[1]);
    expect(chosen).toHaveLength(2);
    expect(chosen[0]).toBe(chosen[1]);
    const refused = await html(`/productionscheduling/productcomparison?planA=${a.id}&planB=${other!.id}`);
    expect(refused).toContain("are plans of two species: choose two plans of one species.");
    expect((await get(`/api/planning/ProductComparison?planA=999999&planB=${b.id}`, "super")).status).toBe(
      404,
    );
    for (const who of ["admin", "display", "farm"]) {
      expect((await get(`/api/planning/ProductComparison?planA=${a.id}&planB=${b.id}`, who)).status, who)
        .toBe(403);
    }
  });
});

describe("plan against actual", () => {
  test("the released plan beside the one carton its room packed; 400, 404, 403; the page shows it", async () => {
    const res = await get(`/api/planning/PlanAgainstActual?plan=${plan.id}`, "super");
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ id: plan.id, name: "Tomorrow B", productionDate: TOMORROW });
    expect(res.body.schedules).toHaveLength(1); // the night shift's was withdrawn
    // worked by hand: one 19.5 kg carton of the first product, valued at the plan's price per kg of it
    const [first, ...rest] = res.body.rows;
    expect(first).toMatchObject({ actualCartons: 1, actualKg: 19.5 });
    expect(first.actualCents).toBe(Math.round(19.5 * first.plannedCents / first.plannedKg));
    expect(first.centsVariance).toBe(first.actualCents - first.plannedCents);
    for (const r of rest) expect(r).toMatchObject({ actualCartons: 0, actualKg: 0, actualCents: 0 });
    const { totals } = res.body;
    expect(totals.actual).toMatchObject({ cartons: 1, kg: 19.5, cents: first.actualCents });
    expect(totals.head).toBeGreaterThan(0);
    expect(totals.planned.centsPerHead).toBe(Math.round(totals.planned.cents / totals.head));
    expect(totals.variance.cartons).toBe(1 - totals.planned.cartons);
    expectValidation(await get("/api/planning/PlanAgainstActual", "super"));
    expect((await get("/api/planning/PlanAgainstActual?plan=999999", "super")).status).toBe(404);
    for (const who of ["admin", "display", "farm"]) {
      expect((await get(`/api/planning/PlanAgainstActual?plan=${plan.id}`, who)).status, who).toBe(403);
    }
    const page = await t.request(`/productionscheduling/planagainstactual?plan=${plan.id}`, {
      token: tokens.super,
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Plan against actual: Tomorrow B");
  });
});

describe("bulk operations", () => {
  const plansOn = async (date: string) =>
    (await get(`${B.cutPlans}?productionDate=${date}&speciesId=${LAMB}&tenantSiteId=${site}`, "super"))
      .body as {
        id: number;
        name: string;
      }[];
  const audits = async (action: string) =>
    (await (await db()).select().from(auditLog).where(eq(auditLog.action, action))).length;

  test("copy a plan to another day: preview changes nothing, apply makes it once; 409 when stale; 400", async () => {
    const body = { planId: plan.id, toDate: COPY_TO };
    const before = await plansOn(COPY_TO);
    const preview = await post(BULK.copyPlan, body, "super");
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, summary: expect.stringContaining("Tomorrow B") });
    expect(await plansOn(COPY_TO)).toEqual(before);
    const made = await post(BULK.copyPlan, { ...body, confirm: preview.body.token }, "super");
    expect(made.body.applied).toBe(true);
    expect((await plansOn(COPY_TO)).map((p) => p.name)).toContain("Tomorrow B (copy)");
    expect(await audits("Copied")).toBe(1);
    // the plan is saved again after the preview: its token no longer holds, and nothing is copied
    const next = await post(BULK.copyPlan, body, "super");
    const renamed = await post(B.saveCutPlan, { ...plan, name: "Tomorrow B" }, "super");
    expect(renamed.status).toBe(200);
    plan = renamed.body;
    const stale = await post(BULK.copyPlan, { ...body, confirm: next.body.token }, "super");
    expect(stale.status).toBe(409);
    expect(await plansOn(COPY_TO)).toHaveLength(before.length + 1);
    expectValidation(await post(BULK.copyPlan, { planId: plan.id, toDate: TOMORROW }, "super"));
    expectValidation(await post(BULK.copyPlan, { planId: plan.id, toDate: "2026-02-30" }, "super"));
  });

  test("a recipe onto every group of many plans: preview, apply in one go, then the old token is 409", async () => {
    const recipes = (await get(
      `${B.builder}?productionDate=${TOMORROW}&speciesId=${LAMB}&tenantSiteId=${site}`,
      "super",
    )).body.props.recipes as { id: number; primalId: number }[];
    const inPlan = new Set((plan.carcassGroups as { recipesToTransact: number[] }[])[0].recipesToTransact);
    const other = recipes.find((r) =>
      !inPlan.has(r.id) && recipes.some((o) => inPlan.has(o.id) && o.primalId === r.primalId)
    )!;
    const copy = (await plansOn(COPY_TO)).find((p) => p.name === "Tomorrow B (copy)")!;
    const body = { recipeId: other.id, planIds: [plan.id, copy.id] };
    const preview = await post(BULK.recipe, body, "super");
    expect(preview.status).toBe(200);
    expect(preview.body.changes).toHaveLength(2);
    expect(preview.body.changes[0]).toMatch(/in place of/);
    const applied = await post(BULK.recipe, { ...body, confirm: preview.body.token }, "super");
    expect(applied.body.applied).toBe(true);
    const after = (await get(B.cutPlan.replace("{id}", String(plan.id)), "super")).body;
    for (const g of after.carcassGroups) expect(g.recipesToTransact).toContain(other.id);
    expect(await audits("Bulk recipe")).toBe(2);
    plan = after;
    expect((await post(BULK.recipe, { ...body, confirm: preview.body.token }, "super")).status).toBe(409);
    expect(await audits("Bulk recipe")).toBe(2);
    expectValidation(await post(BULK.recipe, { recipeId: other.id, planIds: [] }, "super"));
  });

  test("map many unmapped codes onto one product; 409 when one was mapped since the preview", async () => {
    const codes = (await get(`/api/planning/UnmappedProductCodes?speciesId=${LAMB}`, "super")).body as {
      productCodeId: number;
    }[];
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const [product] = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`, "super")).body;
    const ids = codes.map((c) => c.productCodeId);
    const body = { productDefinitionId: product.id, productCodeIds: ids.slice(0, 2) };
    const preview = await post(BULK.mapCodes, body, "super");
    expect(preview.body.changes).toHaveLength(2);
    const one = await post(BULK.mapCodes, { ...body, productCodeIds: [ids[0]] }, "super");
    expect(
      (await post(BULK.mapCodes, { ...body, productCodeIds: [ids[0]], confirm: one.body.token }, "super"))
        .body.applied,
    ).toBe(true);
    expect((await post(BULK.mapCodes, { ...body, confirm: preview.body.token }, "super")).status).toBe(409);
    const fresh = await post(BULK.mapCodes, body, "super");
    expect(fresh.body.changes.at(-1)).toMatch(/mapped already/);
    expect((await post(BULK.mapCodes, { ...body, confirm: fresh.body.token }, "super")).body.applied).toBe(
      true,
    );
    const left = (await get(`/api/planning/UnmappedProductCodes?speciesId=${LAMB}`, "super")).body;
    expect(left).toHaveLength(codes.length - 2);
    expectValidation(await post(BULK.mapCodes, { ...body, productCodeIds: [] }, "super"));
  });

  test("the page previews from its address; 403 for all but super", async () => {
    const page = await t.request(
      `/productionscheduling/bulkoperations?op=copy&plan=${plan.id}&toDate=${COPY_TO}`,
      {
        token: tokens.super,
      },
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Tomorrow B copied to");
    for (const who of ["admin", "display", "farm"]) {
      expect((await post(BULK.copyPlan, { planId: plan.id, toDate: COPY_TO }, who)).status, who).toBe(403);
      expect((await post(BULK.recipe, { recipeId: 1, planIds: [plan.id] }, who)).status, who).toBe(403);
      expect((await post(BULK.mapCodes, { productDefinitionId: 1, productCodeIds: [1] }, who)).status, who)
        .toBe(
          403,
        );
    }
  });
});

describe("who may", () => {
  test("403 for an admin (not super), the display role, another tenant's user", async () => {
    for (const who of ["admin", "display", "farm"]) {
      expect((await get(groupsQuery(KILLED), who)).status, who).toBe(403);
      expect(
        (await get(`${B.cutPlans}?productionDate=${TOMORROW}&speciesId=${LAMB}&tenantSiteId=${site}`, who))
          .status,
        who,
      ).toBe(403);
      expect((await post(B.saveCutPlan, { ...plan, name: "Theirs" }, who)).status, who).toBe(403);
      expect((await get(`${S.schedules}?fromDate=${TOMORROW}&toDate=${TOMORROW}`, who)).status, who).toBe(
        403,
      );
    }
  });

  test("403 without the scheduleBuilder module", async () => {
    const set = async (isEnabled: boolean) => {
      await t.services.db.control.update(tenantModules).set({ isEnabled })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "scheduleBuilder")));
      await t.services.callers.changed({ tenantIds: [1] });
    };
    await set(false);
    try {
      expect((await get(groupsQuery(KILLED), "super")).status).toBe(403);
      expect((await post(B.saveCutPlan, { ...plan, name: "Off" }, "super")).status).toBe(403);
    } finally {
      await set(true);
    }
  });
});
