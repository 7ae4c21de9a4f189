/**
 * api/producer: links between a processor's suppliers and producer tenants, and kill feedback read
 * through them (issue 44 §1–§4, §7), over real HTTP and real database files with the demo data set.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, desc, eq, sql } from "drizzle-orm";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { carcasses } from "../../db/tenant/killFloor.ts";
import { deliveryLoads, livestockOrders, suppliers } from "../../db/tenant/livestock.ts";
import { invoices } from "../../db/tenant/invoices.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { producerLinkReads, producerLinks } from "../../db/control/producerLinks.ts";
import { createTenant } from "../../server/tenants.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { parseCsv } from "../../server/areas/killFloor/csv.ts";
import { FEEDBACK_HEADERS } from "../../server/areas/producer/feedback/files.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let processorId = 0;
/** the demo supplier with the most carcasses, and another one */
let supplierId = 0, otherSupplierId = 0;

const call = async (path: string, who: string, json?: unknown) => {
  const res = await t.request(path, {
    method: json === undefined ? "GET" : "POST",
    token: tokens[who],
    json,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch { /* a file */ }
  // deno-lint-ignore no-explicit-any
  return { status: res.status, body: body as any, text, type: res.headers.get("content-type") ?? "" };
};
const processorDb = () => t.services.db.tenantDb(processorId);
const linkCount = async () => (await t.services.db.control.select({ n: count() }).from(producerLinks))[0].n;

async function producerTenant(name: string, email: string) {
  const id = await createTenant(t.services.db, {
    name,
    category: "producer",
    sites: ["Home"],
    speciesIds: [1, 2],
    modules: ["farmer"],
  });
  const [user] = await t.services.db.control.insert(users).values({
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    isPasswordUpdated: true,
  }).returning();
  await t.services.db.control.insert(memberships).values({
    userId: user.id,
    tenantId: id,
    roleLevel: "admin",
    isDefault: true,
  });
  return id;
}

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  await producerTenant("Other Farm", "other@farm.test");
  tokens.otherFarm = await t.login("other@farm.test");
  [{ id: processorId }] = await t.services.db.control.select({ id: tenants.id }).from(tenants)
    .where(eq(tenants.category, "processor")).orderBy(tenants.id).limit(1);
  const bySupplier = await (await processorDb()).select({ id: carcasses.supplierId, n: count() }).from(
    carcasses,
  )
    .groupBy(carcasses.supplierId).orderBy(desc(count()));
  supplierId = bySupplier[0].id;
  // a supplier no link names yet (the demo links Demo Farm to one of its own)
  const seeded = new Set(
    (await t.services.db.control.select({ ids: producerLinks.supplierIds }).from(producerLinks)).flatMap((
      r,
    ) => r.ids),
  );
  otherSupplierId = bySupplier.find((s) => s.id !== supplierId && !seeded.has(s.id))!.id;
});
afterAll(() => t.close());

let linkId = 0;
const FROM = "2020-01-01";

describe("the link", () => {
  test("a processor admin invites by email; a bad address is refused in words and nothing is made", async () => {
    const before = await linkCount();
    const bad = await call("/api/producer/InviteProducer", "admin", {
      supplierIds: [supplierId],
      scopes: ["feedback"],
      visibleFrom: FROM,
      email: "not an address",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: expect.any(String),
      message: expect.any(String),
      isValidation: true,
    });
    expect(bad.body.errors[0].field).toBe("email");
    const missing = await call("/api/producer/InviteProducer", "admin", {
      supplierIds: [999_999],
      scopes: ["feedback"],
      visibleFrom: FROM,
      email: "farm@example.com",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message ?? missing.body.errors[0].message).toMatch(/supplier/);
    expect(await linkCount()).toBe(before);
  });

  test("only processor admins invite; the farm accepts with the code and reads its links", async () => {
    const asUser = await call("/api/producer/InviteProducer", "user", {
      supplierIds: [supplierId],
      scopes: ["feedback"],
      visibleFrom: FROM,
      email: "producer@demo.farm",
    });
    expect(asUser.status).toBe(403);
    const asFarm = await call("/api/producer/InviteProducer", "farm", {
      supplierIds: [supplierId],
      scopes: ["feedback"],
      visibleFrom: FROM,
      email: "producer@demo.farm",
    });
    expect(asFarm.status).toBe(403);
    const invited = await call("/api/producer/InviteProducer", "admin", {
      supplierIds: [supplierId],
      scopes: ["feedback", "remittances"],
      visibleFrom: FROM,
      email: "Producer@Demo.Farm",
    });
    expect(invited.status).toBe(200);
    expect(invited.body.link).toMatchObject({ state: "waiting", inviteEmail: "producer@demo.farm" });
    expect(invited.body.code).toMatch(/^[A-Z0-9]{10}$/);
    linkId = invited.body.link.id;

    const wrong = await call("/api/producer/AcceptProcessorLink", "farm", { code: "AAAAAAAAAA" });
    expect(wrong.status).toBe(400);
    const accepted = await call("/api/producer/AcceptProcessorLink", "farm", { code: invited.body.code });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: linkId, state: "active", otherName: expect.any(String) });
    // single use: another farm cannot take the same code
    const again = await call("/api/producer/AcceptProcessorLink", "otherFarm", { code: invited.body.code });
    expect(again.status).toBe(400);

    const mine = await call("/api/producer/GetProcessorLinks", "farm");
    expect(mine.body.map((l: { id: number }) => l.id)).toContain(linkId);
    expect((await call("/api/producer/GetProcessorLinks", "otherFarm")).body).toEqual([]);
    // the processor sees its links; processor users never reach the farm's list, nor the portal
    const theirs = await call(`/api/producer/GetProducerLinks?supplierId=${supplierId}`, "admin");
    expect(theirs.body[0]).toMatchObject({ id: linkId, state: "active" });
    expect((await call("/api/producer/GetProcessorLinks", "admin")).status).toBe(403);
    expect((await t.request("/producerportal", { token: tokens.admin })).status).toBe(403);
  });

  test("a processor links a farm by the code it gave; the supplier shows isTenant while linked", async () => {
    const code = (await call("/api/producer/GetProducerCode", "otherFarm")).body.code;
    expect(code).toMatch(/^P-[A-Z0-9]{8}$/);
    const linked = await call("/api/producer/LinkProducerByCode", "admin", {
      supplierIds: [otherSupplierId],
      scopes: ["feedback"],
      visibleFrom: FROM,
      producerCode: code,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ state: "active", otherName: "Other Farm" });
    const flag = async () =>
      (await (await processorDb()).select({ isTenant: suppliers.isTenant }).from(suppliers)
        .where(eq(suppliers.id, otherSupplierId)))[0].isTenant;
    expect(await flag()).toBe(true);
    const ended = await call("/api/producer/RevokeProducerLink", "admin", { linkId: linked.body.id });
    expect(ended.body.state).toBe("ended");
    expect(await flag()).toBe(false);
  });

  test("the farm's Buyers page lists its processor links with what each shares, its code, accept and leave", async () => {
    const buyers = await t.request("/home/buyers", { token: tokens.otherFarm });
    expect(buyers.status).toBe(200);
    const html = await buyers.text();
    const panel = html.slice(html.indexOf('aria-label="Processor links"'));
    const code = (await call("/api/producer/GetProducerCode", "otherFarm")).body.code;
    // the link the processor ended in the test before, in words, with the farm's code to give out again
    expect(panel).toContain(code);
    expect(panel).toMatch(/Ended<\/td>.*kill feedback/s);
    expect(panel).toContain("Accept an invitation");
    // Demo Farm's admin sees its open links, each with a way to leave it
    const farm = await (await t.request("/home/buyers", { token: tokens.farm })).text();
    expect(farm).toMatch(/Linked<\/td>/);
    expect(farm).toContain("Leave ");
    // the page is the farm's: a processor's admin has its buyers on the buy home
    expect((await t.request("/home/buyers", { token: tokens.admin })).status).toBe(403);
  });
});

describe("kill feedback through the link", () => {
  test("the farm sees its supplier's lots only, each read audited", async () => {
    const reads = async () =>
      (await t.services.db.control.select({ n: count() }).from(producerLinkReads).where(
        eq(producerLinkReads.linkId, linkId),
      ))[0].n;
    const before = await reads();
    const lots = await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm");
    expect(lots.status).toBe(200);
    expect(lots.body.length).toBeGreaterThan(0);
    const db = await processorDb();
    const own = await db.select({ id: carcasses.livestockOrderId }).from(carcasses)
      .where(eq(carcasses.supplierId, supplierId)).groupBy(carcasses.livestockOrderId);
    expect(lots.body.map((l: { livestockOrderId: number }) => l.livestockOrderId).sort())
      .toEqual(own.map((o) => o.id).sort().slice(0, 200));
    expect(await reads()).toBe(before + 1);

    const lot = lots.body[0].livestockOrderId;
    const feedback = await call(
      `/api/producer/GetLotFeedback?linkId=${linkId}&livestockOrderId=${lot}`,
      "farm",
    );
    expect(feedback.status).toBe(200);
    expect(feedback.body.carcasses.length).toBe(lots.body[0].head);
    expect(feedback.body.compliance.head).toBe(lots.body[0].head);

    // another supplier's lot is not there for this farm; another farm cannot use the link at all
    const [other] = await db.select({ id: carcasses.livestockOrderId }).from(carcasses)
      .where(eq(carcasses.supplierId, otherSupplierId)).limit(1);
    expect(
      (await call(`/api/producer/GetLotFeedback?linkId=${linkId}&livestockOrderId=${other.id}`, "farm"))
        .status,
    )
      .toBe(404);
    expect((await call(`/api/producer/GetKillLots?linkId=${linkId}`, "otherFarm")).status).toBe(404);
    // processor users are refused the producer's reads
    expect((await call(`/api/producer/GetKillLots?linkId=${linkId}`, "admin")).status).toBe(403);
  });

  test("the CSV: stable headers with units, one row per carcass, imported through a column-and-value mapping", async () => {
    const lots = (await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm")).body;
    const lot = lots[0];
    const file = await call(
      `/api/producer/FeedbackCsv?linkId=${linkId}&livestockOrderId=${lot.livestockOrderId}`,
      "farm",
    );
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(file.text);
    expect(header).toEqual(FEEDBACK_HEADERS);
    expect(rows.length).toBe(lot.head);
    // as a farm program's kill-lot import does: its own field per column, and its own words per value
    const mapping = {
      body: "Body Number",
      weight: "HSCW (kg)",
      sex: "Sex",
      teeth: "Dentition (teeth)",
      eid: "NLIS ID",
    };
    const sexWords: Record<string, string> = { M: "Bull", F: "Heifer", C: "Steer", "": "Unknown" };
    const at = (name: string) => header.indexOf(name);
    const imported = rows.map((r) => ({
      body: Number(r[at(mapping.body)]),
      weight: Number(r[at(mapping.weight)]),
      sex: sexWords[r[at(mapping.sex)]],
      teeth: r[at(mapping.teeth)] === "" ? null : Number(r[at(mapping.teeth)]),
    }));
    const json = await call(
      `/api/producer/FeedbackJson?linkId=${linkId}&livestockOrderId=${lot.livestockOrderId}`,
      "farm",
    );
    expect(json.body.length).toBe(rows.length);
    expect(imported.every((r) => r.body > 0 && r.weight >= 0 && r.sex !== undefined)).toBe(true);
    expect(imported.map((r) => r.body)).toEqual(
      json.body.map((r: Record<string, unknown>) => Number(r["Body Number"])),
    );
    const period = await call(
      `/api/producer/FeedbackCsv?linkId=${linkId}&from=2026-12-02&to=2026-01-01`,
      "farm",
    );
    expect(period.status).toBe(400);
    expect(period.body.isValidation).toBe(true);
  });

  test("an ungranted scope, a later visible-from and a stale change are refused", async () => {
    const [link] = await t.services.db.control.select().from(producerLinks).where(
      eq(producerLinks.id, linkId),
    );
    const stale = await call("/api/producer/SetProducerLinkScopes", "admin", {
      linkId,
      scopes: ["remittances"],
      visibleFrom: FROM,
      lastModified: "2020-01-01T00:00:00.000Z",
    });
    expect(stale.status).toBe(409);
    const narrowed = await call("/api/producer/SetProducerLinkScopes", "admin", {
      linkId,
      scopes: ["remittances"],
      visibleFrom: FROM,
      lastModified: link.lastModified,
    });
    expect(narrowed.status).toBe(200);
    const refused = await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/does not share kill feedback/);
    const later = await call("/api/producer/SetProducerLinkScopes", "admin", {
      linkId,
      scopes: ["feedback"],
      visibleFrom: "2099-01-01",
    });
    expect(later.status).toBe(200);
    expect((await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm")).body).toEqual([]);
    await call("/api/producer/SetProducerLinkScopes", "admin", {
      linkId,
      scopes: ["feedback"],
      visibleFrom: FROM,
    });
  });

  test("the carcass table sorts by link, without script: heaviest first, then back", async () => {
    const lot = (await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm")).body[0].livestockOrderId;
    const hscw = async (query: string) => {
      const html = await (await t.request(`/producerportal/lots/${lot}?link=${linkId}${query}`, {
        token: tokens.farm,
      })).text();
      const rows = [...html.matchAll(/<tr>(?:<td>[^<]*<\/td>){4}<td>([^<]*)<\/td>/g)];
      return { html, kg: rows.map((m) => Number(m[1].replace(/,/g, ""))) };
    };
    const down = await hscw("&sort=hscw&dir=desc");
    expect(down.kg.length).toBeGreaterThan(1);
    expect(down.kg).toEqual([...down.kg].sort((a, b) => b - a));
    expect(down.html).toContain('aria-sort="descending"');
    // the sorted header links to the other way
    expect(down.html).toContain(`sort=hscw&amp;dir=asc`);
    const up = await hscw("&sort=hscw&dir=asc");
    expect(up.kg).toEqual([...up.kg].sort((a, b) => a - b));
    expect(
      (await t.request(`/producerportal/lots/${lot}?link=${linkId}&sort=nonsense`, { token: tokens.farm }))
        .status,
    ).toBe(400);
  });

  test("the trend across lots, with the plant average only where five suppliers killed", async () => {
    const got = await t.request(`/producerportal/trend?link=${linkId}`, { token: tokens.farm });
    expect(got.status).toBe(200);
    const html = await got.text();
    expect(html).toContain("Average HSCW (kg)");
    expect(html.match(/data-chart="trend-/g)?.length).toBe(3);
    expect(html).toContain("recharts-line");
    expect(html).not.toContain("data-island="); // no React on the page
    // the numbers beneath each chart: the shared figures table, a lot a row heading
    expect(html.match(/<summary>The numbers<\/summary>/g)?.length).toBe(3);
    expect(html).toMatch(/<th scope="row">[^<]+<\/th><td class="num">/);
    // each kill day of the demo: a plant average drawn, or the sentence saying why it is left out
    const db = await processorDb();
    const days = await db.select({
      day: carcasses.productionDate,
      n: sql<number>`count(distinct ${carcasses.supplierId})`,
    }).from(carcasses).groupBy(carcasses.productionDate);
    const few = days.some((d) => Number(d.n) < 5);
    if (few) expect(html).toContain("data-plant-average-hidden");
    expect((await t.request(`/producerportal/trend?link=${linkId}&species=x`, { token: tokens.farm })).status)
      .toBe(400);
  });

  test("revoking ends access on the next request, and the lot page says so", async () => {
    const lot = (await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm")).body[0].livestockOrderId;
    const page = await t.request(`/producerportal/lots/${lot}?link=${linkId}`, { token: tokens.farm });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Compliance summary");
    expect((await call("/api/producer/RevokeProducerLink", "admin", { linkId })).body.state).toBe("ended");
    const after = await call(`/api/producer/GetKillLots?linkId=${linkId}`, "farm");
    expect(after.status).toBe(403);
    expect(after.body.message).toMatch(/link was ended/);
    const ended =
      await (await t.request(`/producerportal/lots/${lot}?link=${linkId}`, { token: tokens.farm })).text();
    expect(ended).toContain("link was ended");
    const [{ n }] = await t.services.db.control.select({ n: sql<number>`count(*)` }).from(producerLinks)
      .where(eq(producerLinks.id, linkId));
    expect(n).toBe(1);
  });
});

describe("orders and deliveries through a link", () => {
  let dealings = 0;
  const page = async (path: string, who = "farm") => {
    const res = await t.request(path, { token: tokens[who] });
    return { status: res.status, html: await res.text() };
  };
  const rowCount = (html: string) =>
    (html.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1].match(/<tr>/g) ?? []).length;

  beforeAll(async () => {
    const invited = await call("/api/producer/InviteProducer", "admin", {
      supplierIds: [supplierId],
      scopes: ["orders", "deliveries"],
      visibleFrom: FROM,
      email: "producer@demo.farm",
    });
    dealings = (await call("/api/producer/AcceptProcessorLink", "farm", { code: invited.body.code })).body.id;
  });

  test("the farm reads its supplier's orders, 25 a page, and no other supplier's", async () => {
    const db = await processorDb();
    const [own] = await db.select({ n: count() }).from(livestockOrders)
      .where(eq(livestockOrders.supplierId, supplierId));
    const [other] = await db.select({ name: suppliers.name }).from(suppliers).where(
      eq(suppliers.id, otherSupplierId),
    );
    const first = await page(`/producerportal/orders?link=${dealings}`);
    expect(first.status).toBe(200);
    expect(rowCount(first.html)).toBe(Math.min(25, own.n));
    expect(first.html).toContain("Grid offered");
    expect(first.html).not.toContain(other.name);
    if (own.n > 25) {
      expect(first.html).toContain(`${own.n} orders`);
      const second = await page(`/producerportal/orders?link=${dealings}&offset=25`);
      expect(rowCount(second.html)).toBe(Math.min(25, own.n - 25));
    }
    // the home glances at the link: its next deliveries, with the way to every order
    const home = (await page("/producerportal")).html;
    expect(home).toContain("Next deliveries:");
    expect(home).toContain(`/producerportal/orders?link=${dealings}`);
    // without ?link the first link sharing orders is read
    expect((await page("/producerportal/orders")).html).toContain("Grid offered");
    expect((await page(`/producerportal/orders?link=${dealings}&offset=-1`)).status).toBe(400);
  });

  test("deliveries: head, dead on arrival, NVD and progress in words", async () => {
    const db = await processorDb();
    const [own] = await db.select({ n: count() }).from(deliveryLoads)
      .innerJoin(livestockOrders, eq(livestockOrders.id, deliveryLoads.livestockOrderId))
      .where(eq(livestockOrders.supplierId, supplierId));
    const got = await page(`/producerportal/deliveries?link=${dealings}`);
    expect(got.status).toBe(200);
    expect(rowCount(got.html)).toBe(Math.min(25, own.n));
    expect(got.html).toMatch(/Processed|In yard|On the kill floor|Delivered/);
    expect(got.html).not.toMatch(/InProcessing|PartiallyDelivered/);
  });

  test("the demo farm's remittances are kept as sent, the corrected one with both versions", async () => {
    const [farm] = await t.services.db.control.select({ id: tenants.id }).from(tenants)
      .where(eq(tenants.name, "Demo Farm"));
    const [demoLink] = await t.services.db.control.select({ id: producerLinks.id }).from(producerLinks)
      .where(eq(producerLinks.producerTenantId, farm.id)).orderBy(producerLinks.id).limit(1);
    const html = (await page(`/producerportal/remittances?link=${demoLink.id}`)).html;
    // a remittance sent once is its PDF ("Download"); "Current" stands only beside an earlier version
    expect(html).toContain(">Download<");
    expect(html).not.toContain("Not kept yet");
    const corrected = [...html.matchAll(/<span data-remittance-versions="true">(.*?)<\/span><\/td>/gs)]
      .filter((m) => m[1].includes("Earlier, "));
    expect(corrected).toHaveLength(1);
    // the correction is the current version, after the one first sent
    const [current, earlier] = [...corrected[0][1].matchAll(/version=(\d+)/g)].map((m) => m[1]);
    expect(current > earlier).toBe(true);
  });

  test("remittances: published only, the PDF as sent, a correction kept as a second version", async () => {
    // a killed order drafted onto an invoice, and a link to its supplier sharing remittances
    const order = await invoiceableOrder(t, tokens.admin);
    const db = await processorDb();
    const [{ supplier }] = await db.select({ supplier: livestockOrders.supplierId }).from(livestockOrders)
      .where(eq(livestockOrders.id, order.orderId));
    const invited = await call("/api/producer/InviteProducer", "admin", {
      supplierIds: [supplier],
      scopes: ["remittances"],
      visibleFrom: FROM,
      email: "producer@demo.farm",
    });
    const remits =
      (await call("/api/producer/AcceptProcessorLink", "farm", { code: invited.body.code })).body.id;
    const created = await call(INVOICES_API.createOrAdd, "admin", { stockMobIds: [order.mobId] });
    expect(created.status).toBe(200);
    const invoiceId: number = created.body.livestockInvoiceSummaryDtos[0].id;
    const ids = { ids: [invoiceId] };
    const publish = async () => {
      const [{ lastModified }] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect((await call(INVOICES_API.publish, "admin", { id: invoiceId, lastModified })).status).toBe(200);
    };
    const list = () => page(`/producerportal/remittances?link=${remits}`);
    const versions = async () =>
      [...(await list()).html.matchAll(/RemittancePdf\?linkId=\d+&amp;invoiceId=(\d+)&amp;version=(\d+)/g)]
        .filter((m) => Number(m[1]) === invoiceId).map((m) => m[2]);
    const pdf = (version: string, who = "farm") =>
      call(`/api/producer/RemittancePdf?linkId=${remits}&invoiceId=${invoiceId}&version=${version}`, who);

    // a draft is not there for the farm
    expect(await versions()).toEqual([]);
    await publish();
    const [sent] = await versions();
    const got = await pdf(sent);
    expect(got.status).toBe(200);
    expect(got.type).toMatch(/application\/pdf/);
    expect(got.text.startsWith("%PDF")).toBe(true);
    expect((await list()).html).toMatch(/Levies[\s\S]*GST[\s\S]*Due/);
    expect((await page("/producerportal")).html).toContain(`/producerportal/remittances?link=${remits}`);
    // corrected: back to a draft (gone), published again; both kept, the newest first (current)
    expect((await call(INVOICES_API.unpublish, "admin", ids)).status).toBe(200);
    expect(await versions()).toEqual([]);
    expect((await pdf(sent)).status).toBe(404);
    await publish();
    const both = await versions();
    expect(both.length).toBe(2);
    expect(both[1]).toBe(sent);
    expect((await list()).html).toMatch(/>Current<[\s\S]*>Earlier, /);
    expect((await pdf(both[0])).status).toBe(200);
    // another farm, a processor user, a version never sent, a malformed one, the feedback-only link
    expect((await pdf(sent, "otherFarm")).status).toBe(404);
    expect((await pdf(sent, "admin")).status).toBe(403);
    expect((await pdf("1")).status).toBe(404);
    expect((await pdf("x")).status).toBe(400);
    expect(
      (await call(
        `/api/producer/RemittancePdf?linkId=${dealings}&invoiceId=${invoiceId}&version=${sent}`,
        "farm",
      ))
        .status,
    ).toBe(403);
  });

  test("an ungranted scope, a later visible-from, another farm, a processor user and an ended link", async () => {
    // the feedback link shares neither
    const [feedbackOnly] = await t.services.db.control.select().from(producerLinks).where(
      eq(producerLinks.id, linkId),
    );
    expect(feedbackOnly.scopes).not.toContain("orders");
    expect((await page(`/producerportal/orders?link=${linkId}`)).html).toMatch(
      /no longer shares|does not share orders/,
    );
    expect((await page(`/producerportal/orders?link=${dealings}`, "otherFarm")).html).toContain(
      "does not exist",
    );
    expect((await page(`/producerportal/orders?link=${dealings}`, "admin")).status).toBe(403);
    expect((await page(`/producerportal/trend?link=${dealings}`)).html).toMatch(
      /does not share kill feedback/,
    );
    await call("/api/producer/SetProducerLinkScopes", "admin", {
      linkId: dealings,
      scopes: ["orders", "deliveries"],
      visibleFrom: "2099-01-01",
    });
    expect((await page(`/producerportal/deliveries?link=${dealings}`)).html).toContain(
      "No delivery since the shared day",
    );
    await call("/api/producer/RevokeProducerLink", "admin", { linkId: dealings });
    const ended = await page(`/producerportal/orders?link=${dealings}`);
    expect(ended.status).toBe(200);
    expect(ended.html).toContain("link was ended");
  });
});
