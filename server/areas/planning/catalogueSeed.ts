/**
 * Demo data of the planning catalogue (issue 41): for each species with yield's cut hierarchy, a product
 * definition per product code (two codes a species left unmapped, for the resolver), a packaging each
 * (legs and shoulders catch weight), specification types, lamb and beef carcass types with their rules,
 * recipes with two or three options per primal (lamb rack frenched or cap-on), ingredients, customers
 * (domestic; export by Sea and Air), salespersons and 20 sales orders in every status. Deterministic.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  carcassTypes,
  customers,
  ingredients,
  productCodes,
  productDefinitionCodes,
  productDefinitions,
  productPackagings,
  recipeLines,
  recipes,
  salesOrderLines,
  salesOrders,
  salespersons,
  specifications,
  specificationTypes,
  yieldSegments,
} from "../../../db/tenant/schema.ts";
import { addDays } from "../../../kernel/dates.ts";
import type { DemoTenant } from "../area.ts";
import { processorSeedDue } from "../demoSeedDue.ts";
import { statCutOf } from "./builder/rules.ts";

/** A seeded recipe: name, lines (product, yield %), trim, fat, bone and loss %. */
type RecipeOption = [string, [number, number][], number, number, number, number];

/** Codes left unmapped so the resolver has work (when the species has them). */
export const DEMO_UNMAPPED_CODES = ["L-NECK-FIL", "L-CHUMP-BL", "B-TRIM-CL", "B-NECK"];
const CATCH_PRIMALS = ["Leg", "Shoulder", "Silverside", "Topside", "Rump", "Chuck"];
const PAIRED_ONCE = ["Neck"];

function demoStatCut(primal: string, code: string, speciesId: number, description: string): string | null {
  if (code.startsWith("B-")) return statCutOf(primal, description, speciesId);
  if (code.includes("SHANK-H")) return "hindshank";
  if (code.includes("SHANK-F")) return "foreshank";
  if (code === "L-CHUMP-BL") return "rump";
  const p = primal.toLowerCase();
  return ["leg", "chump", "rump", "rack", "loin", "shoulder", "neck"].includes(p) ? p : null;
}

export async function seedPlanningCatalogue(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, productDefinitions))) return;
  const { db, today } = tenant;
  const now = new Date().toISOString();
  const stamps = { createdAt: now, lastModified: now };
  await db.transaction(async (tx) => {
    const segs = await tx.select().from(yieldSegments).where(
      inArray(yieldSegments.speciesId, tenant.speciesIds.concat(0)),
    )
      .orderBy(asc(yieldSegments.sortOrder), asc(yieldSegments.id));
    const codes = await tx.select().from(productCodes).where(and(
      inArray(productCodes.speciesId, tenant.speciesIds.concat(0)),
      eq(productCodes.kind, "product"),
    )).orderBy(asc(productCodes.id));
    const cutParent = new Map(segs.filter((s) => s.level === "cut").map((s) => [s.id, s.parentId]));
    const segName = new Map(segs.map((s) => [s.id, s.name]));
    // products, mapping, packaging
    const productsByPrimal = new Map<number, number[]>();
    const productSpecies = new Map<number, number>();
    const productName = new Map<number, string>();
    const catchProducts = new Set<number>();
    for (const c of codes) {
      const primalId = c.cutId === null ? undefined : cutParent.get(c.cutId) ?? undefined;
      if (primalId === undefined || primalId === null) continue;
      const primal = segName.get(primalId) ?? "";
      const [p] = await tx.insert(productDefinitions).values({
        name: c.description,
        referenceNumber: c.code,
        speciesId: c.speciesId,
        isRedMeatCut: true,
        statCut: demoStatCut(primal, c.code, c.speciesId, c.description),
        ...stamps,
      }).returning();
      productSpecies.set(p.id, c.speciesId);
      productName.set(p.id, c.description);
      productsByPrimal.set(primalId, [...(productsByPrimal.get(primalId) ?? []), p.id]);
      if (!DEMO_UNMAPPED_CODES.includes(c.code)) {
        await tx.insert(productDefinitionCodes).values({ productDefinitionId: p.id, productCodeId: c.id });
      }
      const isCatch = CATCH_PRIMALS.includes(primal);
      if (isCatch) catchProducts.add(p.id);
      const nominal = c.speciesId === 2 ? 27.2 : isCatch ? 20 : 10;
      await tx.insert(productPackagings).values({
        productDefinitionId: p.id,
        name: isCatch ? "Catch weight carton" : "Fixed weight carton",
        weightType: isCatch ? "catch" : "fixed",
        nominalKg: nominal,
        minKg: isCatch ? Math.round(nominal * 0.9 * 10) / 10 : nominal,
        maxKg: isCatch ? Math.round(nominal * 1.1 * 10) / 10 : nominal,
        piecesPerCarton: isCatch ? 8 : 12,
        isDefault: true,
        ...stamps,
      });
    }
    // specification types and carcass types
    const type = async (name: string, categoryId: number, metric: string) =>
      (await tx.insert(specificationTypes).values({ name, categoryId, metric, ...stamps }).returning())[0].id;
    const hscw = await type("HSCW band", 1, "hscwKg");
    const gr = await type("GR fat depth", 1, "fatDepthMm");
    const msa = await type("MSA index", 2, "msaIndex");
    const grass = await type("Grass fed fat score", 4, "fatScore");
    const teeth = await type("Dentition", 16, "dentition");
    const sex = await type("Sex", 16, "sex");
    await type("Ossification", 32, "msaOssification");
    type Rule = [number, number | null, number | null, string | null, string];
    const carcassType = async (speciesId: number, name: string, orderable: boolean, rules: Rule[]) => {
      if (!tenant.speciesIds.includes(speciesId)) return;
      const [t] = await tx.insert(carcassTypes).values({
        name,
        speciesId,
        isOrderable: orderable,
        isProduceable: true,
        ...stamps,
      })
        .returning();
      for (const [typeId, min, max, text, description] of rules) {
        await tx.insert(specifications).values({
          specifiedItemKind: "carcassType",
          specifiedItemId: t.id,
          specificationTypeId: typeId,
          minValue: min,
          maxValue: max,
          textValue: text,
          description,
          ...stamps,
        });
      }
    };
    await carcassType(1, "Trade lamb", true, [[hscw, 18, 24, null, "Trade weight"], [
      gr,
      6,
      15,
      null,
      "Trade fat",
    ]]);
    await carcassType(1, "Heavy export lamb", true, [[hscw, 24, 32, null, "Heavy"], [gr, 6, 20, null, ""]]);
    await carcassType(1, "Light lamb", false, [[hscw, 12, 18, null, "Light"]]);
    await carcassType(1, "Hogget", false, [[teeth, 1, 2, null, "One or two teeth"]]);
    await carcassType(2, "Domestic yearling", true, [[hscw, 180, 280, null, ""], [gr, 3, 12, null, ""], [
      teeth,
      0,
      2,
      null,
      "",
    ]]);
    await carcassType(2, "MSA export steer", true, [[hscw, 260, 400, null, ""], [
      sex,
      null,
      null,
      "M",
      "Steers",
    ], [msa, 55, null, null, "MSA 55+"]]);
    await carcassType(2, "Grass fed ox", false, [[hscw, 280, 450, null, ""], [
      grass,
      2,
      4,
      null,
      "Fat score 2–4",
    ]]);
    // recipes: two or three options a primal, summing to 100 %
    for (const [primalId, ids] of productsByPrimal) {
      const primal = segs.find((s) => s.id === primalId)!;
      const first = ids[0];
      const second = ids[1] ?? ids[0];
      const options: RecipeOption[] = primal.name === "Rack"
        ? [
          ["Rack frenched, cap off", [[second, 68]], 10, 8, 12, 2],
          ["Rack cap-on", [[first, 86]], 3, 2, 7, 2],
        ]
        : [
          [`${productName.get(first)}`, [[first, 80]], 5, 5, 8, 2],
          ...(second !== first
            ? [
              [`${productName.get(second)}`, [[second, 70]], 8, 7, 13, 2] as RecipeOption,
              [`${primal.name}: half and half`, [[first, 40], [second, 38]], 6, 5, 9, 2] as RecipeOption,
            ]
            : []),
        ];
      for (const [name, lines, trim, fat, bone, loss] of options) {
        const [r] = await tx.insert(recipes).values({
          name,
          speciesId: primal.speciesId,
          primalId,
          trimPercent: trim,
          fatPercent: fat,
          bonePercent: bone,
          lossPercent: loss,
          ...stamps,
        }).returning();
        await tx.insert(recipeLines).values(
          lines.map(([productDefinitionId, yieldPercent], i) => ({
            recipeId: r.id,
            productDefinitionId,
            yieldPercent,
            sortOrder: i,
          })),
        );
      }
      await tx.insert(ingredients).values({
        speciesId: primal.speciesId,
        primalId,
        numeric: PAIRED_ONCE.includes(primal.name) ? 1 : 2,
        repeatable: primal.name === "Flap",
        ...stamps,
      });
    }
    // customers, salespersons, orders
    const custs = await tx.insert(customers).values([
      { name: "Harbourside Meats", market: "domestic", country: "Australia", ...stamps },
      { name: "Riverina Foodservice", market: "domestic", country: "Australia", ...stamps },
      { name: "Pacific Star Trading", market: "export", country: "Japan", ...stamps },
      { name: "Gulf Fresh Imports", market: "export", country: "United Arab Emirates", ...stamps },
      { name: "Lion City Provisions", market: "export", country: "Singapore", ...stamps },
    ]).returning();
    const people = await tx.insert(salespersons).values([
      { name: "Megan Doyle", email: "megan.doyle@example.com", ...stamps },
      { name: "Raj Patel", email: "raj.patel@example.com", ...stamps },
      { name: "Tom Nguyen", email: "tom.nguyen@example.com", ...stamps },
    ]).returning();
    const orderSpecies = tenant.speciesIds.includes(1) ? 1 : tenant.speciesIds[0];
    const sellable = [...productSpecies.keys()].filter((id) => productSpecies.get(id) === orderSpecies);
    if (!sellable.length) return;
    const STATUSES = ["Confirmed", "Pending", "Fulfilled", "Cancelled"] as const;
    for (let i = 0; i < 20; i++) {
      const status = STATUSES[i % 4];
      const customer = custs[i % custs.length];
      const exportOrder = customer.market === "export";
      const etd = status === "Fulfilled"
        ? addDays(today, -3 - i)
        : status === "Confirmed"
        ? addDays(today, i % 7)
        : addDays(today, 2 + i);
      const [o] = await tx.insert(salesOrders).values({
        reference: `SO-${String(2401 + i)}`,
        customerId: customer.id,
        salespersonId: people[i % people.length].id,
        shippingCompanyName: exportOrder
          ? ["Southern Cross Shipping", "Qantas Freight"][i % 2]
          : "Hume Highway Transport",
        etd,
        freightType: exportOrder ? (i % 2 ? "Air" : "Sea") : (i % 3 ? "Road" : "Rail"),
        status,
        ...stamps,
      }).returning();
      const lineCount = 1 + (i % 3);
      for (let k = 0; k < lineCount; k++) {
        const productDefinitionId = sellable[(i * 5 + k * 7) % sellable.length];
        const isCatch = catchProducts.has(productDefinitionId);
        await tx.insert(salesOrderLines).values({
          salesOrderId: o.id,
          productDefinitionId,
          cartons: isCatch || k % 2 ? 20 + ((i * 13 + k * 7) % 60) : null,
          kg: isCatch || k % 2 ? null : 250 + ((i * 37 + k * 11) % 500),
          centsPerKg: 900 + ((productDefinitionId * 137 + i * 11) % 2400),
          packedKg: status === "Fulfilled" && isCatch ? 20 * (20 + ((i * 13 + k * 7) % 60)) + 17.4 : null,
          sortOrder: k,
        });
      }
    }
  });
}
