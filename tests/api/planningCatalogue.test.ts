/**
 * api/planning catalogue (issue 41 items 1, 2, 3, 6): product definitions and packaging, unmapped codes,
 * specifications and carcass types, recipes and ingredients, sales orders; over real HTTP and real db
 * files with the demo catalogue seeded. Each call: happy, 400 in the catalogue's shape with nothing
 * changed, 403 (another tenant, too low a role, not super, no admin flag), 409 (bad transition, stale).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const LAMB = 1;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const expectValidation = (res: { status: number; body: Record<string, unknown> }, message: RegExp) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ isValidation: true });
  expect(typeof res.body.title).toBe("string");
  expect(JSON.stringify(res.body)).toMatch(message);
};

describe("product definitions", () => {
  test("an admin writes product definitions and recipes only once given the admin flags", async () => {
    const write = () => post("/api/planning/UpsertProductDefinition", { name: "Flag test", speciesId: LAMB });
    const refused = await write();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/product definitions/);
    const users = (await get("/api/user/GetTenantUsers")).body as { email: string }[];
    const admin = users.find((u) => u.email === "admin@demo.processor");
    const granted = await post("/api/user/UpsertTenantUser", {
      ...admin,
      hasProductDefinitionAdminPermission: true,
      hasRecipeAdminPermission: true,
    }, "super");
    expect(granted.status).toBe(200);
    expect((await write()).status).toBe(200);
  });

  test("lists the demo products with codes and packaging, a summary and unmapped codes", async () => {
    const list = await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(10);
    const leg = list.body.find((p: { referenceNumber: string }) => p.referenceNumber === "L-LEG-CO");
    expect(leg).toMatchObject({
      statCut: "leg",
      codes: [{ code: "L-LEG-CO" }],
      packagings: [{ weightType: "catch", nominalKg: 20 }],
    });
    const summary = await get(`/api/planning/ProductDefinitionSummary?speciesId=${LAMB}`);
    expect(summary.body.products).toBe(list.body.length);
    const unmapped = await get(`/api/planning/UnmappedProductCodes?speciesId=${LAMB}`);
    expect(unmapped.status).toBe(200);
    expect(summary.body.unmappedCodes).toBe(unmapped.body.length);
  });

  test("resolves an unmapped code onto a product; a second resolve of it is 409", async () => {
    const list = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`)).body;
    const neckFillet = list.find((p: { referenceNumber: string }) => p.referenceNumber === "L-NECK-FIL");
    expect(neckFillet.codes).toEqual([]);
    const all = (await get(`/api/planning/CutTypes?speciesId=${LAMB}`)).body;
    expect(all.length).toBeGreaterThan(5);
    // the code's id, as the resolver screen has it from the unmapped list
    const db = await t.services.db.tenantDb(1);
    const { productCodes } = await import("../../db/tenant/schema.ts");
    const { eq } = await import("drizzle-orm");
    const [code] = await db.select().from(productCodes).where(eq(productCodes.code, "L-NECK-FIL"));
    const resolved = await post("/api/planning/ResolveUnmappedProductCode", {
      productCodeId: code.id,
      productDefinitionId: neckFillet.id,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.codes.map((c: { code: string }) => c.code)).toEqual(["L-NECK-FIL"]);
    const again = await post("/api/planning/ResolveUnmappedProductCode", {
      productCodeId: code.id,
      productDefinitionId: neckFillet.id,
    });
    expect(again.status).toBe(409);
    expectValidation(
      await post("/api/planning/ResolveUnmappedProductCode", { productCodeId: code.id }),
      /Choose a product/,
    );
  });

  test("adds a product, refuses a code already mapped (400, nothing changed), edits with 409 when stale", async () => {
    const list = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`)).body;
    const rack = list.find((p: { referenceNumber: string }) => p.referenceNumber === "L-RACK");
    const before = list.length;
    expectValidation(
      await post("/api/planning/UpsertProductDefinition", {
        name: "Copy",
        speciesId: LAMB,
        productCodeIds: [rack.codes[0].id],
      }),
      /already mapped to/,
    );
    expect((await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`)).body.length).toBe(before);
    const made = await post("/api/planning/UpsertProductDefinition", {
      name: "Lamb mince",
      referenceNumber: "LM1",
      speciesId: LAMB,
    });
    expect(made.status).toBe(200);
    const edited = await post("/api/planning/UpsertProductDefinition", {
      ...made.body,
      productCodeIds: [],
      name: "Lamb mince 85CL",
    });
    expect(edited.status).toBe(200);
    const stale = await post("/api/planning/UpsertProductDefinition", { ...made.body, productCodeIds: [] });
    expect(stale.status).toBe(409);
    const red = await post("/api/planning/UpdateRedMeatCut", {
      isRedMeatCut: false,
      productCodeIds: [rack.codes[0].id],
    });
    expect(red.body).toEqual({ updated: 1 });
  });

  test("packaging: min above nominal is 400; catch weight saved as default", async () => {
    const product = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`)).body[0];
    const body = {
      productDefinitionId: product.id,
      name: "Export carton",
      weightType: "catch",
      nominalKg: 18,
      minKg: 16,
      maxKg: 20,
      piecesPerCarton: 6,
      isDefault: true,
    };
    expectValidation(
      await post("/api/planning/UpsertProductPackaging", { ...body, minKg: 19 }),
      /minimum is above/,
    );
    const saved = await post("/api/planning/UpsertProductPackaging", body);
    expect(saved.status).toBe(200);
    expect(saved.body.packagings[0]).toMatchObject({ name: "Export carton", isDefault: true });
    expect(saved.body.packagings.filter((p: { isDefault: boolean }) => p.isDefault)).toHaveLength(1);
  });

  test("another tenant and a display user are refused; a user reads but cannot write without the flag", async () => {
    expect((await get("/api/planning/ProductDefinitions", "farm")).status).toBe(403);
    expect((await get("/api/planning/ProductDefinitions", "display")).status).toBe(403);
    expect((await get("/api/planning/ProductDefinitions", "user")).status).toBe(200);
    expect(
      (await post("/api/planning/UpsertProductDefinition", { name: "X", speciesId: LAMB }, "user")).status,
    ).toBe(403);
  });
});

describe("packaging defaults", () => {
  test("built in until stored; min above nominal is 400 and changes nothing; a stale save is 409", async () => {
    const url = "/api/planning/ProductPackagingSettings";
    const save = "/api/planning/UpsertProductPackagingSettings";
    const built = await get(url, "super");
    expect(built.body).toEqual({
      name: "Carton",
      weightType: "fixed",
      nominalKg: 20,
      minKg: 20,
      maxKg: 20,
      piecesPerCarton: 1,
      lastModified: null,
    });
    const body = {
      ...built.body,
      name: "Export carton",
      weightType: "catch",
      minKg: 24,
      maxKg: 30,
      nominalKg: 27,
    };
    expectValidation(await post(save, { ...body, minKg: 28 }, "super"), /minimum is above the nominal/);
    expect((await get(url, "super")).body.lastModified).toBeNull();
    const saved = await post(save, body, "super");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Export carton", weightType: "catch", nominalKg: 27 });
    expect((await get(url, "super")).body).toEqual(saved.body);
    expect((await post(save, { ...body, lastModified: "2020-01-01T00:00:00.000Z" }, "super")).status).toBe(
      409,
    );
    expect((await post(save, { ...body, lastModified: saved.body.lastModified }, "admin")).status).toBe(403);
    expect((await get(url, "farm")).status).toBe(403);
  });
});

describe("specifications and carcass types", () => {
  test("the demo lamb types carry their rules in plain words", async () => {
    const types = await get(`/api/planning/CarcassTypes?speciesId=${LAMB}`, "super");
    expect(types.status).toBe(200);
    const trade = types.body.find((x: { name: string }) => x.name === "Trade lamb");
    expect(trade.specifications.map((s: { summary: string }) => s.summary)).toEqual([
      "HSCW 18–24 kg",
      "GR fat depth 6–15 mm",
    ]);
  });

  test("category Unknown 0 is refused; a rule with min above max is refused; a type is saved and 409 when stale", async () => {
    expectValidation(
      await post(
        "/api/planning/UpsertSpecificationType",
        { name: "Odd", categoryId: 0, metric: "hscwKg" },
        "super",
      ),
      /Choose a category/,
    );
    const st = await post("/api/planning/UpsertSpecificationType", {
      name: "Weight",
      categoryId: 1,
      metric: "hscwKg",
    }, "super");
    expect(st.body).toMatchObject({ categoryName: "Yield" });
    const base = { name: "Test lamb", speciesId: LAMB, isOrderable: true, isProduceable: true };
    expectValidation(
      await post("/api/planning/UpsertCarcassType", {
        ...base,
        specifications: [{ specificationTypeId: st.body.id, minValue: 30, maxValue: 20 }],
      }, "super"),
      /minimum is above/,
    );
    const saved = await post("/api/planning/UpsertCarcassType", {
      ...base,
      specifications: [{ specificationTypeId: st.body.id, minValue: 20, maxValue: 30 }],
    }, "super");
    expect(saved.status).toBe(200);
    expect(saved.body.specifications[0].summary).toBe("HSCW 20–30 kg");
    // the settings form sends its rows keyed "0", "1", …; a blank spare row is dropped
    const fromForm = await post("/api/planning/UpsertCarcassType", {
      ...base,
      id: saved.body.id,
      lastModified: saved.body.lastModified,
      specifications: {
        "0": { specificationTypeId: st.body.id, minValue: 21, maxValue: 29, textValue: null },
        "1": { specificationTypeId: null, minValue: null, maxValue: null, textValue: null },
      },
    }, "super");
    expect(fromForm.body.specifications.map((r: { summary: string }) => r.summary)).toEqual([
      "HSCW 21–29 kg",
    ]);
    expect(
      (await post("/api/planning/UpsertCarcassType", {
        ...fromForm.body,
        lastModified: "2020-01-01T00:00:00.000Z",
      }, "super")).status,
    ).toBe(409);
  });

  test("settings writes are super only; primal types, cut specifications and boning rooms read", async () => {
    expect(
      (await post(
        "/api/planning/UpsertSpecificationType",
        { name: "W", categoryId: 1, metric: "hscwKg" },
        "admin",
      )).status,
    ).toBe(403);
    expect((await get("/api/planning/CarcassTypes", "farm")).status).toBe(403);
    const primals = await get(`/api/planning/PrimalTypes?speciesId=${LAMB}`, "super");
    expect(primals.body.map((p: { name: string }) => p.name)).toContain("Rack");
    expect((await get("/api/planning/BoningRooms", "super")).body.length).toBeGreaterThan(0);
    const rack = primals.body.find((p: { name: string }) => p.name === "Rack");
    const types = (await get("/api/planning/SpecificationTypes", "super")).body;
    const gr = types.find((x: { metric: string }) => x.metric === "fatDepthMm");
    const cut = await post("/api/planning/UpsertCutSpecifications", {
      segmentId: rack.id,
      specifications: [{ specificationTypeId: gr.id, maxValue: 12 }],
    }, "super");
    expect(cut.body).toMatchObject([{ segmentName: "Rack", summary: "GR fat depth ≤ 12 mm" }]);
  });
});

describe("recipes and ingredients", () => {
  test("the demo rack has frenched and cap-on options, each at 100 %", async () => {
    const list = await get(`/api/planning/Recipes?speciesId=${LAMB}`);
    expect(list.status).toBe(200);
    const rack = list.body.filter((r: { primalName: string }) => r.primalName === "Rack");
    expect(rack.map((r: { name: string }) => r.name).sort()).toEqual([
      "Rack cap-on",
      "Rack frenched, cap off",
    ]);
    expect(list.body.every((r: { totalPercent: number }) => r.totalPercent === 100)).toBe(true);
  });

  test("a recipe off 100 % is 400 and changes nothing; at 100 % it saves; a stale save is 409", async () => {
    const recipe = (await get(`/api/planning/Recipes?speciesId=${LAMB}`)).body[0];
    const body = {
      ...recipe,
      lines: recipe.lines.map((l: { productDefinitionId: number; yieldPercent: number }) => ({ ...l })),
    };
    body.lines[0].yieldPercent -= 1;
    expectValidation(await post("/api/planning/UpsertRecipe", body), /99 %, not 100 %/);
    body.lossPercent += 1;
    const saved = await post("/api/planning/UpsertRecipe", body);
    expect(saved.status).toBe(200);
    expect(saved.body.totalPercent).toBe(100);
    expect((await post("/api/planning/UpsertRecipe", body)).status).toBe(409);
    expect((await post("/api/planning/UpsertRecipe", { ...saved.body, name: "X" }, "user")).status).toBe(403);
  });

  test("ingredients: legs come in twos; a count of 0 is 400; a stale save is 409", async () => {
    const list = await get(`/api/planning/Ingredients/${LAMB}`);
    expect(list.body.find((i: { primalName: string }) => i.primalName === "Leg")).toMatchObject({
      numeric: 2,
    });
    const leg = list.body.find((i: { primalName: string }) => i.primalName === "Leg");
    expectValidation(
      await post("/api/planning/SetIngredients", {
        speciesId: LAMB,
        ingredients: [{ primalId: leg.primalId, numeric: 0 }],
      }),
      /at least 1/,
    );
    const set = await post("/api/planning/SetIngredients", {
      speciesId: LAMB,
      ingredients: [{ primalId: leg.primalId, numeric: 2, repeatable: true }],
    });
    expect(set.body.find((i: { primalId: number }) => i.primalId === leg.primalId).repeatable).toBe(true);
    // the ingredient page's form: rows keyed 0, 1, …
    const form = await post("/api/planning/SetIngredients", {
      speciesId: LAMB,
      ingredients: { 0: { primalId: leg.primalId, numeric: 2, repeatable: false } },
    });
    expect(form.status).toBe(200);
    expect(form.body.find((i: { primalId: number }) => i.primalId === leg.primalId).repeatable).toBe(false);
    // a save over someone else's since the list was read is a 409, and nothing changes
    const { revision } = form.body[0];
    expect(revision).toMatch(/^\d{4}-/);
    const mine = { speciesId: LAMB, revision, ingredients: [{ primalId: leg.primalId, numeric: 2 }] };
    const first = await post("/api/planning/SetIngredients", mine);
    expect(first.status).toBe(200);
    expect(first.body[0].revision > revision).toBe(true);
    const stale = await post("/api/planning/SetIngredients", {
      ...mine,
      ingredients: [{ primalId: leg.primalId, numeric: 4 }],
    });
    expect(stale.status).toBe(409);
    expect((await get(`/api/planning/Ingredients/${LAMB}`)).body).toEqual(first.body);
    const again = { speciesId: LAMB, ingredients: [{ primalId: leg.primalId, numeric: 3 }] };
    expect((await post("/api/planning/SetIngredients", again, "user")).status).toBe(403);
    expect((await post("/api/planning/SetIngredients", again, "farm")).status).toBe(403);
  });
});

describe("sales orders", () => {
  test("the demo has 20 orders in every status, with customers and salespersons", async () => {
    const res = await t.request("/api/planning/SalesOrders", { token: tokens.super });
    expect(res.headers.get("x-total-count")).toBe("20");
    const rows = await res.json();
    expect(new Set(rows.map((o: { status: string }) => o.status))).toEqual(
      new Set(["Pending", "Confirmed", "Fulfilled", "Cancelled"]),
    );
    expect((await get("/api/planning/Customers", "super")).body.map((c: { market: string }) => c.market))
      .toContain("export");
    expect((await get("/api/planning/Salespersons", "super")).body.length).toBe(3);
  });

  test("an order is added Pending, confirmed, fulfilled; then any move is 409", async () => {
    const customers = (await get("/api/planning/Customers", "super")).body;
    const products = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`, "super")).body;
    const catchProduct = products.find((p: { packagings: { weightType: string }[] }) =>
      p.packagings[0]?.weightType === "catch"
    );
    const body = {
      reference: "SO-TEST-1",
      customerId: customers[0].id,
      etd: "2026-12-09",
      freightType: "Sea",
      salesOrderLineItems: [{ productDefinitionId: catchProduct.id, kg: 100, centsPerKg: 1250 }],
    };
    expectValidation(await post("/api/planning/UpsertSalesOrder", body, "super"), /whole cartons/);
    expectValidation(
      await post("/api/planning/UpsertSalesOrder", { ...body, etd: "2026-02-30" }, "super"),
      /etd/,
    );
    const made = await post("/api/planning/UpsertSalesOrder", {
      ...body,
      salesOrderLineItems: [{ productDefinitionId: catchProduct.id, cartons: 10, centsPerKg: 1250 }],
    }, "super");
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: "Pending", etd: "2026-12-09" });
    const nominal = catchProduct.packagings[0].nominalKg;
    expect(made.body.salesOrderLineItems[0]).toMatchObject({
      plannedKg: 10 * nominal,
      valueCents: 10 * nominal * 1250,
    });
    const move = (status: string, o: { id: number; lastModified: string }) =>
      post("/api/planning/MoveSalesOrderStatus", { id: o.id, status, lastModified: o.lastModified }, "super");
    expect((await move("Fulfilled", made.body)).status).toBe(409);
    const confirmed = await move("Confirmed", made.body);
    expect(confirmed.body.status).toBe("Confirmed");
    expect(
      (await post("/api/planning/UpsertSalesOrder", {
        ...body,
        id: made.body.id,
        lastModified: confirmed.body.lastModified,
      }, "super")).status,
    ).toBe(409);
    const fulfilled = await move("Fulfilled", confirmed.body);
    expect(fulfilled.body.status).toBe("Fulfilled");
    expect((await move("Cancelled", fulfilled.body)).status).toBe(409);
    expect(
      (await post("/api/planning/DeleteSalesOrder", {
        id: made.body.id,
        lastModified: fulfilled.body.lastModified,
      }, "super")).status,
    ).toBe(409);
  });

  test("the order form: rows keyed 0, 1, … with $/kg, blank rows dropped; a stale edit is 409", async () => {
    const customers = (await get("/api/planning/Customers", "super")).body;
    const products = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`, "super")).body;
    const fixed = products.find((p: { packagings: { weightType: string }[] }) =>
      p.packagings[0]?.weightType === "fixed"
    );
    const form = {
      id: null,
      reference: "SO-FORM-1",
      customerId: customers[0].id,
      salespersonId: null,
      shippingCompanyName: "",
      etd: "2026-12-10",
      freightType: "Road",
      lastModified: null,
      salesOrderLineItems: {
        0: { productDefinitionId: fixed.id, cartons: null, kg: 250, pricePerKg: 12.35, packedKg: null },
        1: { productDefinitionId: null, cartons: null, kg: null, pricePerKg: null, packedKg: null },
      },
    };
    const made = await post("/api/planning/UpsertSalesOrder", form, "super");
    expect(made.status).toBe(200);
    expect(made.body.salesOrderLineItems).toEqual([
      expect.objectContaining({
        productDefinitionId: fixed.id,
        kg: 250,
        centsPerKg: 1235,
        valueCents: 308750,
      }),
    ]);
    expect(made.body).toMatchObject({ totalKg: 250, totalCents: 308750 });
    // a line without a price: the field's message, and nothing changed
    const noPrice = await post("/api/planning/UpsertSalesOrder", {
      ...form,
      id: made.body.id,
      lastModified: made.body.lastModified,
      salesOrderLineItems: { 0: { ...form.salesOrderLineItems[0], kg: 300, pricePerKg: null } },
    }, "super");
    expectValidation(noPrice, /Give the price per kg/);
    expect((await get(`/api/planning/SalesOrder/${made.body.id}`, "super")).body.totalKg).toBe(250);
    const edited = await post("/api/planning/UpsertSalesOrder", {
      ...form,
      id: made.body.id,
      lastModified: made.body.lastModified,
      salesOrderLineItems: { 0: { ...form.salesOrderLineItems[0], kg: 300 } },
    }, "super");
    expect(edited.body.totalKg).toBe(300);
    const stale = await post("/api/planning/UpsertSalesOrder", {
      ...form,
      id: made.body.id,
      lastModified: made.body.lastModified,
    }, "super");
    expect(stale.status).toBe(409);
    expect((await post("/api/planning/UpsertSalesOrder", form, "admin")).status).toBe(403);
    const gone = await post("/api/planning/DeleteSalesOrder", {
      id: made.body.id,
      lastModified: edited.body.lastModified,
    }, "super");
    expect(gone.status).toBe(200);
  });

  test("sales orders are super only, and another tenant's caller is refused", async () => {
    expect((await get("/api/planning/SalesOrders", "admin")).status).toBe(403);
    expect((await get("/api/planning/SalesOrders", "farm")).status).toBe(403);
  });
});
