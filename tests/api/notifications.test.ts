/**
 * home/notifications over real HTTP: a user's own notifications (only theirs), integration error
 * notifications only while their flag is on, marking read, and the header's unread count with its push
 * (notificationsChanged to Notifications:<userId>).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantNoon } from "../helpers/clock.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { featureFlags, tenants, users, userSettings } from "../../db/control/schema.ts";
import { areaContext } from "../../server/areas/context.ts";
import { notifyUsers } from "../../server/areas/notifications/writes.ts";
import { integrationErrors, invoices, livestockOrders, notifications } from "../../db/tenant/schema.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
let tenantId = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  [{ id: tenantId }] = await t.services.db.control.select({ id: tenants.id }).from(tenants)
    .where(eq(tenants.name, "Demo Processing"));
});
afterAll(() => t.close());

/** Notifies a demo user through the service other areas call, as the signed-in admin's request would. */
async function notify(email: string, title: string, route = "/home/livestock") {
  const [u] = await t.services.db.control.select().from(users).where(eq(users.email, email));
  const session = await t.services.sessions.validate(tokens.admin);
  const caller = await t.services.callers.get(session!);
  const ctx = await areaContext(t.services, caller!);
  await ctx.write((_, unit) =>
    notifyUsers(unit, [u.id], {
      type: "orderDelivered",
      title,
      message: "Lot 12 arrived at the yards.",
      route,
    })
  );
}

async function setFlag(isEnabled: boolean) {
  await t.services.db.control.update(featureFlags).set({ isEnabled, isEnabledForSuperUser: isEnabled })
    .where(
      and(eq(featureFlags.tenantId, tenantId), eq(featureFlags.featureKey, "integrationErrorNotifications")),
    );
  await t.services.callers.changed({ tenantIds: [tenantId] });
}

describe("notifications", () => {
  test("a user sees only their own; marking one read leaves the others unread", async () => {
    await notify("user@demo.processor", "Order delivered");
    await notify("user@demo.processor", "Second order delivered");
    await notify("admin@demo.processor", "Admin only");
    const mine = await get("/api/notifications/GetNotifications?unreadOnly=true", "user");
    expect(mine.status).toBe(200);
    // the demo's corrected remittance told its users too: these are the ones made here
    const made = (n: { id: string; type: string }) => n.id.startsWith("app-") && n.type === "orderDelivered";
    const own = mine.body.filter(made);
    expect(own.map((n: { title: string }) => n.title).sort()).toEqual([
      "Order delivered",
      "Second order delivered",
    ]);
    expect(own[0]).toMatchObject({ type: "orderDelivered", routeName: "/home/livestock", isRead: false });
    const first = own.find((n: { title: string }) => n.title === "Order delivered");
    // another user's id is not theirs to mark
    const adminsList = await get("/api/notifications/GetNotifications", "admin");
    const adminOwn = adminsList.body.find((n: { title: string }) => n.title === "Admin only");
    const foreign = await post("/api/notifications/MarkNotificationsRead", {
      ids: [Number(adminOwn.id.slice(4))],
    }, "user");
    expect(foreign.body.marked).toBe(0);
    const marked = await post("/api/notifications/MarkNotificationsRead", {
      ids: [Number(first.id.slice(4))],
    }, "user");
    expect(marked).toEqual({ status: 200, body: { marked: 1 } });
    const after = await get("/api/notifications/GetNotifications", "user");
    const titles = (read: boolean) =>
      after.body.filter((n: { isRead: boolean; id: string; type: string }) => n.isRead === read && made(n))
        .map((n: { title: string }) => n.title);
    expect(titles(true)).toEqual(["Order delivered"]);
    expect(titles(false)).toEqual(["Second order delivered"]);
    expect((await get("/api/notifications/GetNotifications", "admin")).body.some(
      (n: { title: string; isRead: boolean }) => n.title === "Admin only" && !n.isRead,
    )).toBe(true);
  });

  test("integration errors are notifications while their flag is on, and only then", async () => {
    const db = await t.services.db.tenantDb(tenantId);
    const [err] = await db.insert(integrationErrors).values({
      errorItemId: "BODY-4411",
      date: plantNoon().toISOString(), // the pinned plant day
      integrationPartner: "1",
      errorType: "CarcassRejected",
      message: "Weight missing",
    }).returning();
    await setFlag(true);
    const on = await get("/api/notifications/GetNotifications", "user");
    const shown = on.body.find((n: { id: string }) => n.id === `integration-${err.id}`);
    expect(shown).toMatchObject({
      type: "integrationError",
      title: "Plant interchange: CarcassRejected",
      isRead: false,
    });
    expect(shown.message).toContain("BODY-4411");
    await setFlag(false);
    const off = await get("/api/notifications/GetNotifications", "user");
    expect(off.body.some((n: { id: string }) => n.id.startsWith("integration-"))).toBe(false);
    const refused = await post(
      "/api/notifications/MarkNotificationsRead",
      { integrationErrorIds: [err.id] },
      "user",
    );
    expect(refused.status).toBe(403);
    await setFlag(true);
    const all = await post("/api/notifications/MarkNotificationsRead", { all: true }, "user");
    expect(all.status).toBe(200);
    expect(all.body.marked).toBeGreaterThanOrEqual(2);
    const unread = await get("/api/notifications/GetNotifications?unreadOnly=true", "user");
    expect(unread.body).toEqual([]);
    // the page shows them in words (no type names)
    const html = await (await t.request("/home/notifications", { token: tokens.user })).text();
    expect(html).toContain("Plant system error");
    expect(html).not.toContain("integrationError<");
  });

  test("the unread count rises with a notification and falls when read, pushed to the user's group only", async () => {
    const me = (await get("/login/usermodel", "user")).body.id as number;
    const before = (await get("/api/notifications/GetUnreadNotificationsCount", "user")).body
      .unread as number;
    const mine = hubClient(t.origin, tokens.user);
    const other = hubClient(t.origin, tokens.admin);
    await mine.start();
    await other.start();
    try {
      expect(await mine.invoke("RegisterRefreshInterests", [`Notifications:${me}`])).toEqual([
        `Notifications:${me}`,
      ]);
      const told = nextEvent<{ userId: number }>(mine, "notificationsChanged");
      await notify("user@demo.processor", "Load over its order");
      expect(await told).toEqual({ userId: me });
      const up = await get("/api/notifications/GetUnreadNotificationsCount", "user");
      expect(up).toEqual({ status: 200, body: { unread: before + 1 } });

      const again = nextEvent<{ userId: number }>(mine, "notificationsChanged");
      expect((await post("/api/notifications/MarkNotificationsRead", { all: true }, "user")).status).toBe(
        200,
      );
      expect(await again).toEqual({ userId: me });
      expect((await get("/api/notifications/GetUnreadNotificationsCount", "user")).body).toEqual({
        unread: 0,
      });
    } finally {
      await mine.stop();
      await other.stop();
    }
  });

  test("an error the plant's systems report moves the bell live while the flag is on", async () => {
    const me = (await get("/login/usermodel", "user")).body.id as number;
    tokens.plant = (await post("/api/integrations/CreateApiKey", { name: "Interchange" }, "admin")).body.key;
    await setFlag(true);
    const mine = hubClient(t.origin, tokens.user);
    await mine.start();
    try {
      await mine.invoke("RegisterRefreshInterests", [`Notifications:${me}`]);
      const before = (await get("/api/notifications/GetUnreadNotificationsCount", "user")).body
        .unread as number;
      const told = nextEvent<{ userId: number }>(mine, "notificationsChanged");
      const reported = await post("/api/killfloor/ReportIntegrationError", {
        errorItemId: "BODY-7001",
        integrationPartner: "1",
        errorType: "CarcassRejected",
        message: "Grade missing",
      }, "plant");
      expect(reported.status).toBe(200);
      expect(await told).toEqual({ userId: me });
      expect((await get("/api/notifications/GetUnreadNotificationsCount", "user")).body.unread).toBe(
        before + 1,
      );
    } finally {
      await mine.stop();
      await post("/api/notifications/MarkNotificationsRead", { all: true }, "user");
    }
  });

  test("the count is the caller's own: a display user (below user) and no session are refused", async () => {
    const display = await t.login("display@demo.processor");
    const res = await t.request("/api/notifications/GetUnreadNotificationsCount", { token: display });
    expect(res.status).toBe(403);
    expect((await t.request("/api/notifications/GetUnreadNotificationsCount")).status).toBe(401);
  });

  test("the header carries the bell for whoever can open notifications", async () => {
    const html = await (await t.request("/user/account", { token: tokens.user })).text();
    expect(html).toContain('href="/home/notifications"');
    expect(html).toMatch(/data-notification-bell="\d+"/);
  });

  test("a load over its order and without an NVD tells the others once, not the one who unloaded it", async () => {
    const db = await t.services.db.tenantDb(tenantId);
    const [order] = await db.select().from(livestockOrders).where(and(
      eq(livestockOrders.speciesId, 1),
      inArray(livestockOrders.orderStatus, [ORDER_STATUS.Ordered, ORDER_STATUS.Confirmed]),
      isNotNull(livestockOrders.tenantSiteId),
    )).limit(1);
    const load = (head: number) =>
      post("/api/livestock/AddDeliveryLoad", {
        livestockOrderId: order.id,
        head,
        deliveryTime: "06:00",
        confirmOverDelivery: true,
      }, "admin");
    expect((await load(order.quantityOrdered + 4)).status).toBe(200);
    const page = `/home/livestock/orders/${order.id}`;
    const about = async (who: string) =>
      ((await get("/api/notifications/GetNotifications", who)).body as { routeName: string; type: string }[])
        .filter((n) => n.routeName === page).map((n) => n.type).sort();
    await expect.poll(() => about("user")).toEqual(["loadOverOrder", "nvdMissing"]);
    const over = (await get("/api/notifications/GetNotifications", "user")).body.find((n: { type: string }) =>
      n.type === "loadOverOrder" && n.routeName === page
    );
    expect(over.message).toBe(
      `${order.quantityOrdered + 4} head delivered against ${order.quantityOrdered} ordered.`,
    );
    expect(await about("admin")).toEqual([]);
    // a second load: nothing new is raised about the same order
    expect((await load(1)).status).toBe(200);
    const rows = await db.select().from(notifications).where(eq(notifications.route, page));
    expect(rows.filter((r) => r.type === "loadOverOrder").length).toBe(
      new Set(rows.filter((r) => r.type === "loadOverOrder").map((r) => r.userId)).size,
    );
  });

  test("an invoice published and an order's carcass data complete are raised from their events", async () => {
    const db = await t.services.db.tenantDb(tenantId);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.speciesId, 1)).limit(1);
    const session = await t.services.sessions.validate(tokens.admin);
    const ctx = await areaContext(t.services, (await t.services.callers.get(session!))!);
    // as the invoices and kill floor areas announce them, inside their unit of work
    await ctx.write((_, unit) => {
      unit.announce("invoicePublished", { invoiceIds: [invoice.id] });
      unit.announce("carcassDataComplete", { livestockOrderId: invoice.livestockOrderId });
      return Promise.resolve();
    });
    const mine = (await get("/api/notifications/GetNotifications", "user")).body as {
      type: string;
      routeName: string;
      title: string;
    }[];
    expect(mine.find((n) => n.type === "invoicePublished")).toMatchObject({
      routeName: `/home/invoicemanager/edit/${invoice.id}`,
      title: expect.stringMatching(/^Invoice .+ to .+ was published$/),
    });
    expect(mine.find((n) => n.type === "carcassDataComplete")).toMatchObject({
      routeName: `/home/livestock/orders/${invoice.livestockOrderId}`,
      title: expect.stringMatching(/^Carcass data is complete for /),
    });
  });

  test("a published invoice is told only to those whose invoicing species include it", async () => {
    const db = await t.services.db.tenantDb(tenantId);
    const sheep = await db.select().from(invoices).where(eq(invoices.speciesId, 1)).limit(3);
    const [u] = await t.services.db.control.select().from(users).where(
      eq(users.email, "user@demo.processor"),
    );
    const session = await t.services.sessions.validate(tokens.admin);
    const ctx = await areaContext(t.services, (await t.services.callers.get(session!))!);
    const published = (id: number) =>
      ctx.write((_, unit) => {
        unit.announce("invoicePublished", { invoiceIds: [id] });
        return Promise.resolve();
      });
    const toldOf = async (id: number) =>
      ((await get("/api/notifications/GetNotifications", "user")).body as { routeName: string }[])
        .some((n) => n.routeName === `/home/invoicemanager/edit/${id}`);
    // the user invoices cattle only: the invoice editor would refuse them a sheep invoice
    await t.services.db.control.insert(userSettings).values({
      userId: u.id,
      tenantId,
      settingType: "invoicing",
      value: { allowedSpeciesIds: [2] },
    });
    await published(sheep[1].id);
    // a later notification to the same user is the marker that the first was decided (not a sleep)
    await notify("user@demo.processor", "Marker after the sheep invoice");
    expect(
      (await get("/api/notifications/GetNotifications", "user")).body.map((n: { title: string }) => n.title),
    )
      .toContain("Marker after the sheep invoice");
    expect(await toldOf(sheep[1].id)).toBe(false);
    // with every species to invoice again, the next one is told
    await t.services.db.control.delete(userSettings).where(
      and(eq(userSettings.userId, u.id), eq(userSettings.settingType, "invoicing")),
    );
    await published(sheep[2].id);
    expect(await toldOf(sheep[2].id)).toBe(true);
  });

  test("a notification whose page the user cannot open (any more) is listed without its link", async () => {
    // Data Upload is for admins: the user's entry keeps its words, not a link to a page that refuses them
    await notify("user@demo.processor", "About an upload", "/home/dataupload");
    const mine = (await get("/api/notifications/GetNotifications", "user")).body as {
      title: string;
      routeName: string;
    }[];
    expect(mine.find((n) => n.title === "About an upload")?.routeName).toBe("");
    await notify("admin@demo.processor", "About an upload, to an admin", "/home/dataupload");
    const admins = (await get("/api/notifications/GetNotifications", "admin")).body as typeof mine;
    expect(admins.find((n) => n.title === "About an upload, to an admin")?.routeName).toBe(
      "/home/dataupload",
    );
  });

  test("bad input is refused in words", async () => {
    const bad = await post("/api/notifications/MarkNotificationsRead", { ids: ["x"] }, "user");
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
  });
});
