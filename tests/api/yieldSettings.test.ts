/**
 * api/yield settings (Settings › Yield, Product codes, Cut hierarchy overrides, the user's plant and species
 * visibility) over real HTTP and real db files, on the demo's yield reference data. Codes made here start
 * with "T-" so the tests hold whatever the demo seeds. The revenue module is turned off last.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { auditLog, yieldSummaries } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { addDays } from "../../kernel/dates.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const SHEEP = 1;
const TODAY = plantDay();
const headers = { "x-local-date": TODAY };

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const call = async (path: string, init: { method?: string; json?: unknown }, who: string) => {
  const res = await t.request(path, { ...init, token: tokens[who], headers });
  return { status: res.status, body: await res.json(), total: res.headers.get("x-total-count") };
};
const get = (path: string, who = "admin") => call(path, {}, who);
const post = (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who);
const tenantDb = () => t.services.db.tenantDb(1);

type Code = { id: number; code: string; cutId: number | null; lastModified: string; [k: string]: unknown };
const sheepCodes = async (q = "") =>
  (await get(`/api/yield/GetProductCodes?speciesId=${SHEEP}${q ? `&q=${encodeURIComponent(q)}` : ""}`))
    .body as Code[];
const aCut = async (not?: number | null) => {
  const segments = (await get(`/api/yield/GetSegments?speciesId=${SHEEP}`)).body as {
    id: number;
    level: string;
  }[];
  return segments.filter((s) => s.level === "cut" && s.id !== not)[0].id;
};
const newCode = async (code: string) => {
  const saved = await post("/api/yield/UpsertProductCode", {
    speciesId: SHEEP,
    code,
    description: `Test ${code}`,
    kind: "product",
    cutId: await aCut(),
  });
  expect(saved.status).toBe(200);
  return saved.body as Code;
};

describe("product codes", () => {
  test("a species' codes with their cut path, standard and price in force, paged with the total", async () => {
    const res = await get(`/api/yield/GetProductCodes?speciesId=${SHEEP}`);
    expect(res.status).toBe(200);
    expect(Number(res.total)).toBe(res.body.length);
    const rack = (res.body as Code[]).find((c) => c.code === "L-RACK-FR")!;
    expect(rack).toMatchObject({
      kind: "product",
      kindName: "Saleable product",
      meatCode: "4932",
      isActive: true,
    });
    expect(rack.cutPath).toMatch(/ › .* › /);
    expect(typeof rack.standardPercent).toBe("number");
    expect(typeof rack.dollarsPerKg).toBe("number");
    const found = await sheepCodes("frenched");
    expect(found.map((c) => c.code)).toContain("L-RACK-FR");
    expect(found.every((c) => /frenched/i.test(String(c.description)) || /frenched/i.test(c.code))).toBe(
      true,
    );
  });

  test("add, edit (409 when stale), unique per species, audited; bone has no cut", async () => {
    const made = await newCode("T-ONE");
    expect(made).toMatchObject({
      code: "T-ONE",
      kindName: "Saleable product",
      standardPercent: null,
      hasCartons: false,
    });
    const edit = { ...made, speciesId: SHEEP, description: "Edited", kind: "product" };
    const edited = await post("/api/yield/UpsertProductCode", edit);
    expect(edited.status).toBe(200);
    expect(edited.body.description).toBe("Edited");
    expect((await post("/api/yield/UpsertProductCode", edit)).status).toBe(409);
    const dup = await post("/api/yield/UpsertProductCode", {
      ...edit,
      id: null,
      lastModified: null,
      code: "t-one",
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: "code", message: "That code is already used" }]);
    const bone = await post("/api/yield/UpsertProductCode", {
      speciesId: SHEEP,
      code: "T-BONE",
      description: "Bone",
      kind: "bone",
      cutId: made.cutId,
    });
    expect(bone.status).toBe(200);
    expect(bone.body).toMatchObject({ kind: "bone", kindName: "Bone", cutId: null, cutPath: "" });
    const audit = await (await tenantDb()).select().from(auditLog)
      .where(and(eq(auditLog.entity, "productCode"), eq(auditLog.entityId, String(made.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  test("400 in the catalogue's shape: a bad kind, a product without a cut, another species' cut", async () => {
    const bad = await post("/api/yield/UpsertProductCode", {
      speciesId: SHEEP,
      code: "",
      description: "x",
      kind: "steak",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["code", "kind"]);
    const noCut = await post("/api/yield/UpsertProductCode", {
      speciesId: SHEEP,
      code: "T-X",
      description: "x",
      kind: "product",
    });
    expect(noCut.body.errors).toEqual([{ field: "cutId", message: "Choose the cut it is" }]);
    const beefCut =
      ((await get("/api/yield/GetSegments?speciesId=2")).body as { id: number; level: string }[])
        .find((s) => s.level === "cut")!.id;
    const wrong = await post("/api/yield/UpsertProductCode", {
      speciesId: SHEEP,
      code: "T-X",
      description: "x",
      kind: "product",
      cutId: beefCut,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe("cutId");
  });

  test("delete one without cartons; one with cartons is refused (deactivate it instead)", async () => {
    const gone = await newCode("T-GONE");
    const deleted = await post("/api/yield/DeleteProductCode", {
      productCodeId: gone.id,
      lastModified: gone.lastModified,
    });
    expect(deleted).toMatchObject({ status: 200, body: { productCodeId: gone.id } });
    expect((await sheepCodes("T-GONE")).length).toBe(0);
    const used = (await sheepCodes()).find((c) => c.hasCartons)!;
    expect(used).toBeDefined();
    const refused = await post("/api/yield/DeleteProductCode", { productCodeId: used.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/deactivate/);
    const off = await post("/api/yield/UpsertProductCode", { ...used, speciesId: SHEEP, isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
  });
});

describe("standard yields and prices", () => {
  test("a standard from a later day is future, from a past day in force (the past days rebuilt); only a future one changes", async () => {
    const code = await newCode("T-STD");
    const upsert = (json: Record<string, unknown>) =>
      post("/api/yield/UpsertStandardYield", { productCodeId: code.id, ...json });
    const conn = hubClient(t.origin, tokens.user);
    await conn.start();
    let told;
    let past;
    try {
      await conn.invoke("RegisterRefreshInterest", "Yield");
      const event = nextEvent<{ productionDates: string[]; reason: string }>(conn, "yieldDataChanged");
      past = await upsert({ effectiveFrom: addDays(TODAY, -10), percent: 4.2 });
      told = await event;
    } finally {
      await conn.stop();
    }
    expect(past.status).toBe(200);
    expect(told.reason).toBe("settings");
    expect(told.productionDates.every((d) => d >= addDays(TODAY, -10) && d <= TODAY)).toBe(true);
    expect(past.body).toMatchObject({ code: "T-STD", percent: 4.2, timing: "current" });
    const future = await upsert({ effectiveFrom: addDays(TODAY, 7), percent: 4.5 });
    expect(future.body.timing).toBe("future");
    expect((await sheepCodes("T-STD"))[0].standardPercent).toBe(4.2);
    // a run is expected to make only the codes it made (docs/decisions.md, issue 38's gaps): the rebuilt
    // days hold no shortfall row of a code no run made
    const rows = await (await tenantDb()).select().from(yieldSummaries).where(
      eq(yieldSummaries.productCodeId, code.id),
    );
    expect(rows).toEqual([]);

    const sameDay = await upsert({ effectiveFrom: addDays(TODAY, 7), percent: 1 });
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.errors[0].field).toBe("effectiveFrom");
    const inForce = await upsert({ id: past.body.id, effectiveFrom: addDays(TODAY, -10), percent: 5 });
    expect(inForce.status).toBe(400);
    const tooOld = await upsert({ effectiveFrom: addDays(TODAY, -500), percent: 5 });
    expect(tooOld.body.errors[0].field).toBe("effectiveFrom");
    const edited = await upsert({
      id: future.body.id,
      effectiveFrom: addDays(TODAY, 8),
      percent: 4.6,
      lastModified: future.body.lastModified,
    });
    expect(edited.body).toMatchObject({ percent: 4.6, effectiveFrom: addDays(TODAY, 8) });
    expect((await post("/api/yield/DeleteStandardYield", { standardYieldId: past.body.id })).status).toBe(
      400,
    );
    expect(
      (await post("/api/yield/DeleteStandardYield", {
        standardYieldId: future.body.id,
        lastModified: future.body.lastModified,
      })).status,
    ).toBe(409);
    expect((await post("/api/yield/DeleteStandardYield", { standardYieldId: future.body.id })).status).toBe(
      200,
    );
    const list = await get(`/api/yield/GetStandardYields?productCodeId=${code.id}`);
    expect(list.body.map((s: { percent: number }) => s.percent)).toEqual([4.2]);
    const bySpecies = await get(`/api/yield/GetStandardYields?speciesId=${SHEEP}`);
    expect(bySpecies.body.length).toBeGreaterThan(10);
  });

  test("prices in dollars, kept in cents; 400 for a price in tenths of a cent", async () => {
    const code = await newCode("T-PRICE");
    const saved = await post("/api/yield/UpsertProductPrice", {
      productCodeId: code.id,
      effectiveFrom: TODAY,
      dollarsPerKg: 12.35,
    });
    expect(saved.body).toMatchObject({ dollarsPerKg: 12.35, timing: "current" });
    expect((await sheepCodes("T-PRICE"))[0].dollarsPerKg).toBe(12.35);
    const bad = await post("/api/yield/UpsertProductPrice", {
      productCodeId: code.id,
      effectiveFrom: TODAY,
      dollarsPerKg: 1.234,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("dollarsPerKg");
    expect((await get(`/api/yield/GetProductPrices?productCodeId=${code.id}`)).body).toHaveLength(1);
  });
});

describe("cut hierarchy and overrides", () => {
  test("the hierarchy parents first with paths; an override from a date, edited, then deleted", async () => {
    const segments = (await get(`/api/yield/GetSegments?speciesId=${SHEEP}`)).body as {
      id: number;
      parentId: number | null;
      level: string;
      path: string;
    }[];
    expect(segments[0]).toMatchObject({ level: "productType", parentId: null });
    const seen = new Set<number>();
    for (const s of segments) {
      if (s.parentId !== null) expect(seen.has(s.parentId)).toBe(true);
      seen.add(s.id);
    }
    const code = await newCode("T-OVR");
    const cutId = await aCut(code.cutId);
    const saved = await post("/api/yield/UpsertSegmentOverride", {
      productCodeId: code.id,
      cutId,
      effectiveFrom: addDays(TODAY, -3),
      reason: "Cut spec changed",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: "T-OVR", cutId, timing: "current", reason: "Cut spec changed" });
    const own = await post("/api/yield/UpsertSegmentOverride", {
      productCodeId: code.id,
      cutId: code.cutId,
      effectiveFrom: TODAY,
      reason: "x",
    });
    expect(own.body.errors[0].field).toBe("cutId");
    const noReason = await post("/api/yield/UpsertSegmentOverride", {
      productCodeId: code.id,
      cutId,
      effectiveFrom: TODAY,
      reason: " ",
    });
    expect(noReason.body.errors[0].field).toBe("reason");
    const list = (await get(`/api/yield/GetSegmentOverrides?speciesId=${SHEEP}`)).body as { id: number }[];
    expect(list.map((o) => o.id)).toContain(saved.body.id);
    const deleted = await post("/api/yield/DeleteSegmentOverride", {
      segmentOverrideId: saved.body.id,
      lastModified: saved.body.lastModified,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await get(`/api/yield/GetSegmentOverrides?speciesId=${SHEEP}`)).body.map((o: { id: number }) => o.id),
    )
      .not.toContain(saved.body.id);
  });
});

describe("boning rooms", () => {
  test("rooms of the caller's sites; add one, a name twice at a site refused, species must be theirs", async () => {
    const rooms = (await get("/api/yield/GetBoningRooms")).body as {
      tenantSiteId: number;
      speciesIds: number[];
    }[];
    expect(rooms.length).toBeGreaterThan(0);
    const site = rooms[0].tenantSiteId;
    const saved = await post("/api/yield/UpsertBoningRoom", {
      tenantSiteId: site,
      name: "Test room",
      speciesIds: [SHEEP],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: "Test room",
      speciesIds: [SHEEP],
      species: ["Sheep"],
      isActive: true,
    });
    const twice = await post("/api/yield/UpsertBoningRoom", {
      tenantSiteId: site,
      name: "test ROOM",
      speciesIds: [],
    });
    expect(twice.body.errors[0].field).toBe("name");
    const strange = await post("/api/yield/UpsertBoningRoom", {
      tenantSiteId: site,
      name: "Other",
      speciesIds: [999],
    });
    expect(strange.body.errors[0].field).toBe("speciesIds");
    const foreign = await post("/api/yield/UpsertBoningRoom", {
      tenantSiteId: 99999,
      name: "Other",
      speciesIds: [],
    });
    expect(foreign.body.errors[0].field).toBe("tenantSiteId");
  });
});

describe("a user's plant and species visibility", () => {
  test("set by an admin to pairs of the tenant's sites and species (sent as ticks or pairs); others refused", async () => {
    const users = (await get("/api/user/GetTenantUsers")).body as { id: number; email: string }[];
    const user = users.find((u) => u.email === "user@demo.processor")!;
    const rooms = (await get("/api/yield/GetBoningRooms")).body as { tenantSiteId: number }[];
    const site = rooms[0].tenantSiteId;
    expect((await get(`/api/yield/GetUserPlantSpeciesVisibility?userId=${user.id}`)).body)
      .toEqual({ userId: user.id, plantSpeciesVisibility: [] });
    const saved = await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [
        `${site}:${SHEEP}`,
        { tenantSiteId: site, speciesType: 2 },
        `${site}:${SHEEP}`,
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.plantSpeciesVisibility).toEqual([
      { tenantSiteId: site, speciesType: SHEEP },
      { tenantSiteId: site, speciesType: 2 },
    ]);
    expect((await get(`/api/yield/GetUserPlantSpeciesVisibility?userId=${user.id}`)).body).toEqual(
      saved.body,
    );
    // the user's own caller now carries it
    const model = await (await t.request("/login/usermodel", { token: tokens.user })).json();
    const setting = model.userSettings.find((s: { settingType: string }) => s.settingType === "yield");
    expect(setting.value.plantSpeciesVisibility).toHaveLength(2);
    const foreign = await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [{ tenantSiteId: 99999, speciesType: SHEEP }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].field).toBe("plantSpeciesVisibility");
    const bad = await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: ["x"],
    });
    expect(bad.status).toBe(400);
    expect(
      (await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
        userId: 999999,
        plantSpeciesVisibility: [],
      })).status,
    )
      .toBe(404);
    expect(
      (await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
        userId: user.id,
        plantSpeciesVisibility: [],
      }, "user")).status,
    )
      .toBe(403);
    // back to all
    await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [],
    });
  });
});

describe("who may", () => {
  test("another tenant without the module, the display role: 403 for reads and writes", async () => {
    for (const who of ["farm", "display"]) {
      expect((await get(`/api/yield/GetProductCodes?speciesId=${SHEEP}`, who)).status).toBe(403);
      expect((await get(`/api/yield/GetSegments?speciesId=${SHEEP}`, who)).status).toBe(403);
      expect((await post("/api/yield/UpsertStandardYield", {}, who)).status).toBe(403);
      expect((await post("/api/yield/UpsertSegmentOverride", {}, who)).status).toBe(403);
    }
  });

  test("a user reads the codes; another species' code is not there (404)", async () => {
    expect((await get(`/api/yield/GetProductCodes?speciesId=${SHEEP}`, "user")).status).toBe(200);
    expect((await get("/api/yield/GetProductCodes?speciesId=9999")).status).toBe(404);
    expect((await get("/api/yield/GetStandardYields?productCodeId=999999")).status).toBe(404);
    expect((await get("/api/yield/GetStandardYields")).status).toBe(400);
  });

  test("without the yieldRevenue module no price field exists and the price list is refused", async () => {
    await t.services.db.control.update(tenantModules).set({ isEnabled: false })
      .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "yieldRevenue")));
    await t.services.callers.changed({ tenantIds: [1] });
    const codes = await sheepCodes();
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => !("dollarsPerKg" in c))).toBe(true);
    expect((await get(`/api/yield/GetProductPrices?speciesId=${SHEEP}`)).status).toBe(403);
    expect(
      (await post("/api/yield/UpsertProductPrice", {
        productCodeId: codes[0].id,
        effectiveFrom: TODAY,
        dollarsPerKg: 1,
      })).status,
    )
      .toBe(403);
    expect((await get(`/api/yield/GetStandardYields?speciesId=${SHEEP}`)).status).toBe(200);
  });
});
