/**
 * Find (GET /api/home/Find) over real HTTP on the demo plant: an order by its number, an invoice by its
 * RCTI number or bare number, a supplier by part of its name or its PIC written with spaces, a carcass by
 * its NLIS tag or the tag's last digits; only kinds the caller may open (a module switched off takes its
 * kind away), nothing of another organisation; 400s in words for too little or too much, and % taken
 * literally.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { tenants } from "../../db/control/schema.ts";
import {
  carcasses,
  invoices,
  livestockOrders,
  pens,
  pricingGrids,
  rfidScans,
  stakeholders,
  stockMobs,
  suppliers,
} from "../../db/tenant/schema.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { setTenantModules } from "../../server/tenants.ts";
import { compacted } from "../../server/areas/finding.ts";
import type { Client, InValue } from "@libsql/client";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get } = jsonCalls(() => t, tokens);
let tenantId = 0;

type Group = { kind: string; more: boolean; records: { title: string; detail: string; href: string }[] };
const find = async (q: string, who = "user") => {
  const res = await get(`/api/home/Find?q=${encodeURIComponent(q)}`, who);
  return { status: res.status, body: res.body, groups: (res.body.groups ?? []) as Group[] };
};
const kind = (groups: Group[], name: string) => groups.find((g) => g.kind === name);
const db = () => t.services.db.tenantDb(tenantId);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  tokens.country = await t.login("yield@demo.country");
  [{ id: tenantId }] = await t.services.db.control.select({ id: tenants.id }).from(tenants)
    .where(eq(tenants.name, "Demo Processing"));
});
afterAll(() => t.close());

describe("Find", () => {
  test("an order by its number, first; its invoice too when it has one", async () => {
    const [order] = await (await db()).select({ id: livestockOrders.id, supplier: suppliers.name })
      .from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .innerJoin(invoices, eq(invoices.livestockOrderId, livestockOrders.id)).limit(1);
    for (const q of [String(order.id), `#${order.id}`]) {
      const { status, groups } = await find(q);
      expect(status).toBe(200);
      const orders = kind(groups, "Livestock orders")!;
      expect(orders.records[0]).toMatchObject({
        title: `Order ${order.id} · ${order.supplier}`,
        href: `/home/livestock/orders/${order.id}`,
      });
      expect(orders.records[0].detail).toMatch(/head · delivery \w{3} \d{1,2} \w{3} \d{4}/);
      expect(kind(groups, "Invoices")!.records.map((r) => r.detail).join(" ")).toContain(`order ${order.id}`);
    }
  });

  test("an invoice by its RCTI number, whole or as its number", async () => {
    const [invoice] = await (await db()).select().from(invoices).where(isNotNull(invoices.invoiceNumber))
      .limit(1);
    expect(invoice, "a published demo invoice").toBeDefined();
    const bare = String(Number(invoice.invoiceNumber!.slice(5)));
    for (const q of [invoice.invoiceNumber!, invoice.invoiceNumber!.toLowerCase(), bare]) {
      const found = kind((await find(q, "admin")).groups, "Invoices")!;
      expect(found.records.map((r) => r.href), q).toContain(`/home/invoicemanager/edit/${invoice.id}`);
    }
    const whole = kind((await find(invoice.invoiceNumber!, "admin")).groups, "Invoices")!;
    expect(whole.records[0].title).toMatch(new RegExp(`^${invoice.invoiceNumber} · `));
    expect(whole.records[0].detail).toMatch(/\$[\d,]+\.\d\d/);
  });

  test("a supplier by part of its name in any case, or its PIC written with spaces", async () => {
    const [supplier] = await (await db()).select().from(suppliers).where(and(
      isNotNull(suppliers.pic),
      eq(suppliers.isTenant, false),
    )).limit(1);
    expect(supplier.pic.length).toBeGreaterThan(3);
    const part = supplier.name.slice(1, 6).toLowerCase();
    const byName = kind((await find(part)).groups, "Suppliers")!;
    expect(byName.records.map((r) => r.title)).toContain(supplier.name);
    const spaced = supplier.pic.toLowerCase().split("").join(" ");
    const byPic = kind((await find(spaced)).groups, "Suppliers")!;
    expect(byPic.records[0]).toMatchObject({
      title: supplier.name,
      href: `/home/livestock/suppliers/${supplier.id}`,
    });
    expect(byPic.records[0].detail).toContain(`PIC ${supplier.pic}`);
  });

  test("an agent or carrier by name, said what it is", async () => {
    const [party] = await (await db()).select().from(stakeholders).limit(1);
    expect(party, "a demo stakeholder").toBeDefined();
    const found = kind((await find(party.name)).groups, "Agents, carriers and other stakeholders")!;
    expect(found.records[0]).toMatchObject({
      title: party.name,
      href: `/home/livestock/stakeholders/${party.id}`,
    });
    expect(found.records[0].detail).toMatch(new RegExp(`^${party.stakeholderType}`));
  });

  test("people of the organisation, for an admin only; a plant system's key is no person", async () => {
    const found = kind((await find("demo.processor", "admin")).groups, "Users")!;
    const user = found.records.find((r) => r.detail.includes("user@demo.processor"))!;
    expect(user.title).toBe("User Demo");
    expect(user.detail).toMatch(/^User · user@demo\.processor · /);
    expect(user.href).toMatch(/^\/home\/clientusers\/useredit\?id=\d+$/);
    expect(kind((await find("demo.processor", "user")).groups, "Users")).toBeUndefined();
  });

  test("where an order's stock is now: its mobs in the yards, with their head and pen, opening the yard", async () => {
    const [mob] = await (await db()).select({
      orderId: stockMobs.livestockOrderId,
      head: stockMobs.head,
      yardId: stockMobs.stockyardId,
      pen: pens.name,
    }).from(stockMobs).innerJoin(pens, eq(pens.id, stockMobs.penId)).where(
      inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    ).limit(1);
    expect(mob, "a demo mob in a pen").toBeDefined();
    const found = kind((await find(`#${mob.orderId}`)).groups, "Mobs in the yards")!;
    const record = found.records.find((r) => r.detail.includes(`pen ${mob.pen}`))!;
    expect(record.href).toBe(`/home/stockyard?yard=${mob.yardId}`);
    expect(record.detail).toMatch(
      new RegExp(`^${mob.head} head · .* pen ${mob.pen} · order ${mob.orderId}$`),
    );
    // a mob killed is no longer in a yard
    const [killed] = await (await db()).select({ orderId: stockMobs.livestockOrderId }).from(stockMobs)
      .where(eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor)).limit(1);
    const again = kind((await find(`#${killed.orderId}`)).groups, "Mobs in the yards");
    expect(again?.records.filter((r) => r.detail.endsWith(`order ${killed.orderId}`)) ?? []).toEqual([]);
  });

  test("a carcass by its NLIS tag, whole with spaces or its last digits, opens its order", async () => {
    const [carcass] = await (await db()).select().from(carcasses).where(isNotNull(carcasses.rfid)).limit(1);
    for (const q of [carcass.rfid!, carcass.rfid!.replace(/\s/g, "").slice(-9)]) {
      const found = kind((await find(q)).groups, "Carcasses by NLIS tag")!;
      const record = found.records.find((r) => r.title === `NLIS ${carcass.rfid}`)!;
      expect(record, q).toBeDefined();
      expect(record.href).toBe(`/home/livestock/orders/${carcass.livestockOrderId}`);
      expect(record.detail).toContain(`body ${carcass.bodyNumber}`);
    }
    // a few digits are no look-up of a tag
    expect(kind((await find("98")).groups, "Carcasses by NLIS tag")).toBeUndefined();
  });

  test("a whole tag is looked up through the tags' index, not by reading every tag", async () => {
    const tenant = await db();
    const { sql: text, params } = tenant.select({ id: carcasses.id }).from(carcasses)
      .where(eq(compacted(carcasses.rfid), "982000123456789")).toSQL();
    const client = (tenant as unknown as { $client: Client }).$client;
    const plan = await client.execute({ sql: `explain query plan ${text}`, args: params as InValue[] });
    expect(plan.rows.map((r) => String(r.detail)).join("; ")).toContain("USING INDEX carcasses_rfid_compact");
  });

  test("a tag read at unloading: the consignment it came in with, whole or in part", async () => {
    const [scan] = await (await db()).select().from(rfidScans).limit(1);
    expect(scan, "a demo race reading").toBeDefined();
    for (const q of [scan.rfid, `${scan.rfid.slice(0, 3)} ${scan.rfid.slice(3)}`, scan.rfid.slice(-8)]) {
      const found = kind((await find(q)).groups, "Tags read at unloading")!;
      const record = found.records.find((r) => r.title.startsWith(`NLIS ${scan.rfid} · `))!;
      expect(record, q).toBeDefined();
      expect(record.href).toBe(`/home/livestock/orders/${scan.livestockOrderId}`);
      expect(record.detail).toMatch(
        new RegExp(`order ${scan.livestockOrderId} · read \\d{1,2} \\w{3} \\d{4}`),
      );
    }
  });

  test("a price grid by its reference, with its category, group, period and best price", async () => {
    const [grid] = await (await db()).select().from(pricingGrids).limit(1);
    const found = kind((await find(grid.reference.toLowerCase(), "admin")).groups, "Price grids")!;
    const record = found.records.find((r) => r.href === `/settings/pricinggrids/${grid.id}`)!;
    expect(record, "the grid").toBeDefined();
    expect(record.title).toBe(grid.reference);
    expect(record.detail).toMatch(/ · (from )?\d{1,2} \w{3} \d{4}/);
  });

  test("many matches: at most eight a kind, said to be more", async () => {
    const wide = kind((await find("98 2000")).groups, "Carcasses by NLIS tag")!;
    expect(wide.records).toHaveLength(8);
    expect(wide.more).toBe(true);
  });

  test("only kinds the caller may open: the invoices module off takes invoices away", async () => {
    const [invoice] = await (await db()).select().from(invoices).where(isNotNull(invoices.invoiceNumber))
      .limit(1);
    await setTenantModules(t.services, tenantId, { invoices: false });
    try {
      const { status, groups } = await find(invoice.invoiceNumber!, "admin");
      expect(status).toBe(200);
      expect(kind(groups, "Invoices")).toBeUndefined();
    } finally {
      await setTenantModules(t.services, tenantId, { invoices: true });
    }
    expect(kind((await find(invoice.invoiceNumber!, "admin")).groups, "Invoices")).toBeDefined();
  });

  test("another organisation's records are never found; a farm has no Find", async () => {
    const [invoice] = await (await db()).select().from(invoices).where(isNotNull(invoices.invoiceNumber))
      .limit(1);
    const [supplier] = await (await db()).select().from(suppliers).where(eq(suppliers.isTenant, false)).limit(
      1,
    );
    for (const q of [invoice.invoiceNumber!, supplier.name, String(invoice.livestockOrderId)]) {
      // another processor (its own plant, its own records)
      const { status, groups } = await find(q, "country");
      expect(status, q).toBe(200);
      expect(groups, q).toEqual([]);
      // a producer's organisation: Find is the plant's (its own pages are the portal's)
      expect((await find(q, "farm")).status, q).toBe(403);
    }
  });

  test("400 in words for too little or too much; % and _ are taken as they are", async () => {
    for (const q of ["", " a ", "x".repeat(101)]) {
      const { status, body } = await find(q);
      expect(status, JSON.stringify(q)).toBe(400);
      expect(body).toMatchObject({ isValidation: true });
      expect(body.message).toMatch(/Type (what to find|at least 2|at most 100)/);
    }
    const missing = await get("/api/home/Find", "user");
    expect(missing.status).toBe(400);
    const literal = await find("%_%");
    expect(literal.status).toBe(200);
    expect(literal.groups).toEqual([]);
  });
});
