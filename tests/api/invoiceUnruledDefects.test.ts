/**
 * A defect code no rule prices, over real HTTP and real db files: the kill floor sends an order's carcasses
 * with a code Settings › Invoicing has no rule for; the people of the organisation are told once when the
 * order's carcass data is complete, the draft invoice names it as a warning (still publishable for it),
 * and a rule added through the API takes the warning away (an archived one brings it back).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { notifications, stockMobs, suppliers } from "../../db/tenant/schema.ts";
import { livestockOrders } from "../../db/tenant/schema.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { INVOICES_API as P, withId } from "../../server/areas/invoices/paths.ts";
import { INVOICE_SETTINGS_API as S } from "../../server/areas/invoiceSettings/paths.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const CODE = "CHEESY-GLAND";
let order: {
  id: number;
  mobs: { id: number; head: number }[];
  supplier: string;
  lot: string | null;
  day: string;
};
let invoiceId = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  // the earliest sheep in a pen goes to the kill floor through the stockyard's endpoint (as killFloor.test)
  const tenant = await db();
  const [mob] = await tenant.select().from(stockMobs).where(and(
    eq(stockMobs.speciesId, 1),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    isNotNull(stockMobs.penId),
  )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
  expect((await post("/api/stockyard/SendToKillFloor", { livestockOrderId: mob.livestockOrderId })).status)
    .toBe(200);
  const mobs = await tenant.select().from(stockMobs).where(and(
    eq(stockMobs.livestockOrderId, mob.livestockOrderId),
    eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
  ));
  const [o] = await tenant.select({ lot: livestockOrders.agendaLotReference, supplier: suppliers.name })
    .from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(eq(livestockOrders.id, mob.livestockOrderId));
  order = { id: mob.livestockOrderId, mobs, ...o, day: mob.applicableProductionDate! };
});
afterAll(() => t?.close());

/** Every head of the order as a carcass; every third carries the code without a rule. */
function carcassRows() {
  let body = 7001;
  return order.mobs.flatMap((m) =>
    Array.from({ length: m.head }, () => ({
      productionDate: order.day,
      bodyNumber: body++,
      stockMobId: m.id,
      hscwKg: 22 + (body % 5),
      fatScore: 2 + (body % 3),
      dentition: 0,
      sex: "F",
      skinGrade: "1",
      defects: body % 3 === 0 ? [CODE.toLowerCase()] : [],
    }))
  );
}
const head = () => order.mobs.reduce((n, m) => n + m.head, 0);
const flagged = () => carcassRows().filter((r) => r.defects.length).length;

describe("a defect code with no price rule", () => {
  test("carcass data complete with it: the others are told once, opening Carcass Defects", async () => {
    const sent = await post(K.postCarcasses, { carcasses: carcassRows() });
    expect(sent.status).toBe(200);
    expect(sent.body.completedOrderIds).toEqual([order.id]);
    const about = async (who: string) =>
      ((await get("/api/notifications/GetNotifications", who)).body as {
        type: string;
        title: string;
        message: string;
        routeName: string;
      }[]).filter((n) => n.type === "defectCodeWithoutRule" && n.routeName.endsWith(`#order-${order.id}`));
    await expect.poll(async () => (await about("user")).length).toBe(1);
    const [told] = await about("user");
    const n = flagged();
    const name = order.lot
      ? `Lot ${order.lot} from ${order.supplier}`
      : `Order ${order.id} from ${order.supplier}`;
    expect(told.title).toBe(`${name}: ${n} carcasses carry ${CODE}, which has no price rule`);
    expect(told.message).toBe(
      `${n} carcasses carry ${CODE}, which has no price rule: they are paid at the grid price.`,
    );
    expect(told.routeName).toBe(
      `/settings/carcassdefects?speciesId=1&fromDate=${order.day}&toDate=${order.day}#order-${order.id}`,
    );
    // the one who sent the data knows
    expect(await about("admin")).toEqual([]);
    // the page it opens names the code without a rule
    const page = await (await t.request(told.routeName.split("#")[0], { token: tokens.user })).text();
    expect(page).toContain(CODE);
    // sent again (a correction), nothing new is raised about the same order
    await post(K.postCarcasses, { carcasses: carcassRows() });
    const rows = await (await db()).select().from(notifications).where(
      eq(notifications.route, told.routeName),
    );
    expect(rows.length).toBe(new Set(rows.map((r) => r.userId)).size);
  });

  test("the draft invoice warns of it; a rule added takes the warning away, archived it returns", async () => {
    const created = await post(P.createOrAdd, { livestockOrderIds: [order.id] });
    expect(created.status).toBe(200);
    invoiceId = created.body.livestockInvoiceSummaryDtos[0].id;
    const view = async () => (await get(withId(P.invoice, invoiceId))).body;
    const draft = await view();
    expect(draft.status).toBe("Draft");
    expect(draft.carcassCount).toBe(head());
    expect(draft.unruledDefects).toEqual([{
      code: CODE,
      carcasses: flagged(),
      message:
        `${flagged()} carcasses carry ${CODE}, which has no price rule: they are paid at the grid price.`,
    }]);
    // a warning, not a reason it cannot be published
    expect(draft.unableToPublishReasons.join(" ")).not.toContain(CODE);

    const rule = await post(S.upsertDefect, {
      code: CODE,
      name: "Cheesy gland",
      speciesId: 1,
      priceRule: "PercentOff",
      percentOff: 15,
    });
    expect(rule.status).toBe(200);
    const ruled = await view();
    expect(ruled.unruledDefects).toEqual([]);
    expect(ruled.document.computation.carcassLines.map((l: { defectCategory: string }) => l.defectCategory))
      .toContain("Cheesy gland");

    const archived = await post(S.archiveDefect, {
      id: rule.body.id,
      lastModified: rule.body.lastModified,
      isArchived: true,
    });
    expect(archived.status).toBe(200);
    expect((await view()).unruledDefects.map((u: { code: string }) => u.code)).toEqual([CODE]);
  });
});
