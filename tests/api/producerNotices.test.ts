/**
 * api/producer notices (issue 44 §6): a processor's committed kill floor and invoice changes are relayed
 * over the producer link to the linked producer's ProducerPortal group, read here with the official
 * @microsoft/signalr client; another producer and an unlinked supplier's lots hear nothing, and an ended
 * link stops the relay. The producer's home lists the same notices. One app, the demo data set (Demo Farm
 * linked to one supplier, Demo Hill Farm to none).
 */
import { plantNoon } from "../helpers/clock.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { HubConnection } from "@microsoft/signalr";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent, recordEvents } from "../helpers/hub.ts";
import { contextOf } from "../helpers/areaContext.ts";
import { producerLinks } from "../../db/control/producerLinks.ts";
import { tenants } from "../../db/control/schema.ts";
import { livestockOrders } from "../../db/tenant/livestock.ts";
import { invoices } from "../../db/tenant/invoices.ts";
import type { AreaContext } from "../../server/areas/context.ts";
import { myNotices } from "../../server/areas/producer/notices/operations.ts";
import { NOTICES_API } from "../../server/areas/producer/notices/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let processor: AreaContext;
const tokens: Record<string, string> = {};
const conns: Record<string, HubConnection> = {};
let farmId = 0, linkId = 0, linkedOrder = 0, unlinkedOrder = 0, linkedInvoice = 0;

beforeAll(async () => {
  t = await serveTestApp();
  tokens.admin = await t.login("admin@demo.processor");
  tokens.farm = await t.login("producer@demo.farm");
  tokens.hill = await t.login("producer@hill.farm");
  processor = await contextOf(t, "admin@demo.processor");
  const control = t.services.db.control;
  [{ id: farmId }] = await control.select({ id: tenants.id }).from(tenants).where(
    eq(tenants.name, "Demo Farm"),
  );
  const [link] = await control.select().from(producerLinks).where(eq(producerLinks.producerTenantId, farmId));
  linkId = link.id;
  const supplierId = link.supplierIds[0];
  const db = await t.services.db.tenantDb(link.processorTenantId);
  const processed = and(isNotNull(livestockOrders.carcassDataCompleteAt));
  [{ id: linkedOrder }] = await db.select({ id: livestockOrders.id }).from(livestockOrders)
    .where(and(processed, eq(livestockOrders.supplierId, supplierId))).limit(1);
  [{ id: unlinkedOrder }] = await db.select({ id: livestockOrders.id }).from(livestockOrders)
    .where(and(processed, ne(livestockOrders.supplierId, supplierId))).limit(1);
  [{ id: linkedInvoice }] = await db.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.supplierId, supplierId), inArray(invoices.status, ["Published", "Finalised"])))
    .limit(1);
  for (const who of ["farm", "hill"]) {
    conns[who] = hubClient(t.origin, tokens[who]);
    await conns[who].start();
    expect(await conns[who].invoke("RegisterRefreshInterest", "ProducerPortal")).toEqual(["ProducerPortal"]);
  }
});
afterAll(async () => {
  for (const c of Object.values(conns)) await c.stop();
  await t.close();
});

/** The processor's committed change announcing `event` (its areas' reactions run after the commit). */
const processorAnnounces = (event: "carcassDataComplete" | "invoicePublished", payload: object) =>
  processor.write((_, unit) => Promise.resolve(unit.announce(event, payload as never)));

/** A marker sent to the farm after the fact: whatever the farm received before it arrived first. */
async function farmHeardBeforeMarker() {
  const seen = recordEvents(conns.farm, ["producerNotice"]);
  const marker = nextEvent(conns.farm, "producerLinkChanged");
  await t.services.push.emit(farmId, "producerLinkChanged", {
    linkId,
    lastUpdated: plantNoon().toISOString(),
  });
  await marker;
  conns.farm.off("producerNotice");
  return seen;
}

describe("notices relayed over the link", () => {
  test("a linked supplier's processed consignment reaches the farm, not the other producer", async () => {
    const hill = recordEvents(conns.hill, ["producerNotice", "producerLinkChanged"]);
    const heard = nextEvent(conns.farm, "producerNotice");
    await processorAnnounces("carcassDataComplete", { livestockOrderId: linkedOrder });
    expect(await heard).toEqual({ linkId, kind: "consignmentProcessed", livestockOrderIds: [linkedOrder] });
    const remittance = nextEvent(conns.farm, "producerNotice");
    await processorAnnounces("invoicePublished", { invoiceIds: [linkedInvoice] });
    expect(await remittance).toMatchObject({ linkId, kind: "remittancePublished" });
    await farmHeardBeforeMarker();
    expect(hill).toEqual([]);
  });

  test("an unlinked supplier's lot is not relayed", async () => {
    const seen = recordEvents(conns.farm, ["producerNotice"]);
    await processorAnnounces("carcassDataComplete", { livestockOrderId: unlinkedOrder });
    await farmHeardBeforeMarker();
    expect(seen).toEqual([]);
  });

  test("the farm's home lists the notices; the other producer's lists none of them", async () => {
    const home = await (await t.request("/producerportal", { token: tokens.farm })).text();
    expect(home).toContain('aria-label="Notices"');
    expect(home).toMatch(/processed lot \d+ \(/);
    expect(home).toMatch(/published remittance RCTI-\d+ for lot/);
    const hill = await (await t.request("/producerportal", { token: tokens.hill })).text();
    expect(hill).toContain("Nothing yet");
    expect(hill).not.toContain("Demo Processing");
  });

  test("read marks are each user's: mark one, mark all; a newly processed lot arrives unread; 400 and 403", async () => {
    const unreadOnHome = async (token: string) => {
      const html = await (await t.request("/producerportal", { token })).text();
      return Number(html.match(/data-unread-count="(\d+)"/)?.[1]);
    };
    const mark = (body: object, token = tokens.farm) =>
      t.request(NOTICES_API.markRead, { method: "POST", token, json: body });
    const farm = await contextOf(t, "producer@demo.farm");
    const before = await myNotices(farm);
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((n) => !n.isRead)).toBe(true);
    expect(await unreadOnHome(tokens.farm)).toBe(before.length);

    for (const body of [{}, { noticeKeys: [] }, { all: false }, { noticeKeys: [before[0].key], all: true }]) {
      const bad = await mark(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await bad.json()).toMatchObject({ isValidation: true, title: expect.any(String) });
    }
    expect((await mark({ all: true }, tokens.admin)).status).toBe(403);
    // the other farm marks in its own database: the farm's notices stay unread
    expect((await mark({ noticeKeys: [before[0].key] }, tokens.hill)).status).toBe(200);
    expect(await unreadOnHome(tokens.farm)).toBe(before.length);

    const one = await mark({ noticeKeys: [before[0].key] });
    expect(await one.json()).toEqual({ marked: 1 });
    expect((await myNotices(farm)).find((n) => n.key === before[0].key)?.isRead).toBe(true);
    expect(await unreadOnHome(tokens.farm)).toBe(before.length - 1);
    expect((await mark({ all: true })).status).toBe(200);
    expect(await unreadOnHome(tokens.farm)).toBe(0);

    // the processor completes another lot's carcass data: its notice comes unread
    const [link] = await t.services.db.control.select().from(producerLinks).where(
      eq(producerLinks.id, linkId),
    );
    const plant = await t.services.db.tenantDb(link.processorTenantId);
    await plant.update(livestockOrders).set({
      carcassDataCompleteAt: new Date(plantNoon().getTime() + 3_600_000).toISOString(),
    })
      .where(eq(livestockOrders.id, linkedOrder));
    const after = await myNotices(farm);
    expect(after.filter((n) => !n.isRead).map((n) => n.livestockOrderId)).toEqual([linkedOrder]);
    expect(await unreadOnHome(tokens.farm)).toBe(1);
  });

  test("an ended link is pushed to the farm and relays nothing after", async () => {
    const ended = nextEvent<{ linkId: number }>(conns.farm, "producerLinkChanged");
    const res = await t.request("/api/producer/RevokeProducerLink", {
      method: "POST",
      token: tokens.admin,
      json: { linkId },
    });
    expect(res.status).toBe(200);
    expect((await ended).linkId).toBe(linkId);
    const seen = recordEvents(conns.farm, ["producerNotice"]);
    await processorAnnounces("carcassDataComplete", { livestockOrderId: linkedOrder });
    await farmHeardBeforeMarker();
    expect(seen).toEqual([]);
    const home = await (await t.request("/producerportal", { token: tokens.farm })).text();
    expect(home).toContain("ended the link");
  });
});
