/**
 * Support chat over real HTTP, real database files and the push hub (issue 43 item 6): a user's own
 * streams, messages after a latest marker, send, reply, read marks, tickets (409 when stale), typing;
 * another user (admins too) and another tenant are told the stream does not exist; the support staff
 * (super) reach every tenant's streams, each access a super audit row; pushes reach only the stream's
 * starter and the staff desk.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, max } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent, recordEvents } from "../helpers/hub.ts";
import { superAudit } from "../../db/control/schema.ts";
import { chatMessages, chatReadMarks } from "../../db/tenant/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["user", "admin", "super", "support", "display"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
    ids[who] = (await (await t.request("/login/usermodel", { token: tokens[who] })).json()).id;
  }
  tokens.country = await t.login("yield@demo.country");
});
afterAll(() => t.close());

const call = async (method: string, path: string, who: string, json?: unknown) => {
  const res = await t.request(path, { method, token: tokens[who], json });
  return { status: res.status, body: await res.json() };
};
const get = (path: string, who = "user") => call("GET", path, who);
const post = (path: string, json: unknown, who = "user") => call("POST", path, who, json);
const messageCount = async () => (await (await t.services.db.tenantDb(1)).select().from(chatMessages)).length;

describe("a user's own chats", () => {
  test("the demo user has two streams with history, one a ticket, one unread reply", async () => {
    const { status, body } = await get("/api/support/GetChatStreams");
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    expect(body.map((s: { isTicket: boolean }) => s.isTicket).sort()).toEqual([false, true]);
    expect((await get("/api/support/GetUnreadChatCount")).body).toEqual({ unread: 1 });
    // the admin started none
    expect((await get("/api/support/GetChatStreams", "admin")).body).toEqual([]);
  });

  test("start, reply, read after the latest marker, read marks, and the pushes to the starter and the desk", async () => {
    const mine = hubClient(t.origin, tokens.user);
    const desk = hubClient(t.origin, tokens.super);
    const other = hubClient(t.origin, tokens.admin);
    await Promise.all([mine.start(), desk.start(), other.start()]);
    try {
      expect(await mine.invoke("RegisterRefreshInterest", `SupportChat:${ids.user}`)).toEqual([
        `SupportChat:${ids.user}`,
      ]);
      await desk.invoke("RegisterRefreshInterest", "SupportDesk");
      // nobody joins another's chats, nor all of them, nor the desk below super
      await expect(other.invoke("RegisterRefreshInterest", `SupportChat:${ids.user}`)).rejects.toThrow(
        /own user id/,
      );
      await expect(other.invoke("RegisterRefreshInterest", "SupportChat")).rejects.toThrow(/own user id/);
      await expect(other.invoke("RegisterRefreshInterest", "SupportDesk")).rejects.toThrow(/super users/);
      const adminSaw = recordEvents(other, ["supportChatMessage", "supportChatTyping"]);

      const toDesk = nextEvent<{ tenantId: number; streamId: number }>(desk, "supportDeskMessage");
      const started = await post("/api/support/SendChatMessage", {
        text: "  Hello <b>support</b>\nsecond line ",
      });
      expect(started.status).toBe(200);
      const streamId = started.body.stream.id;
      expect(started.body.stream).toMatchObject({
        subject: "Hello <b>support</b>",
        isTicket: false,
        unread: 0,
      });
      expect(started.body.message).toMatchObject({
        text: "Hello <b>support</b>\nsecond line",
        fromSupport: false,
      });
      expect(await toDesk).toMatchObject({ tenantId: 1, streamId });

      const toMe = nextEvent<{ streamId: number; messageId: number }>(mine, "supportChatMessage");
      const answered = await post(
        "/api/super/ReplyToTenantChat",
        { tenantId: 1, streamId, text: "Hi, how can we help?" },
        "super",
      );
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ fromSupport: true, senderName: "Super Demo" });
      expect(await toMe).toEqual({ streamId, messageId: answered.body.id });
      expect((await get("/api/support/GetUnreadChatCount")).body).toEqual({ unread: 2 });

      const after = await get(
        `/api/support/GetChatMessages?streamId=${streamId}&after=${started.body.message.id}`,
      );
      expect(after.status).toBe(200);
      expect(after.body.messages.map((m: { id: number }) => m.id)).toEqual([answered.body.id]);
      expect(after.body.stream.unread).toBe(1);

      const read = await post("/api/support/ReadChatStream", { streamId });
      expect(read.body).toEqual({ streamId, lastReadMessageId: answered.body.id });
      expect((await get("/api/support/GetUnreadChatCount")).body).toEqual({ unread: 1 });

      const mineAgain = await post("/api/support/ReplyToChat", {
        streamId,
        text: "See https://example.com/x",
      });
      expect(mineAgain.status).toBe(200);

      // typing: to the starter's group and the desk, never stored
      const typingAtDesk = nextEvent<{ name: string }>(desk, "supportDeskTyping");
      expect((await post("/api/support/ChatTyping", { streamId })).body).toEqual({ sent: true });
      expect(await typingAtDesk).toMatchObject({
        tenantId: 1,
        streamId,
        userId: ids.user,
        name: "User Demo",
      });
      const typingToMe = nextEvent<{ name: string }>(mine, "supportChatTyping");
      await post("/api/super/TenantChatTyping", { tenantId: 1, streamId }, "super");
      expect(await typingToMe).toMatchObject({ streamId, name: "Super Demo" });
      expect(adminSaw).toEqual([]);
    } finally {
      await Promise.all([mine.stop(), desk.stop(), other.stop()]);
    }
  });

  test("mark as ticket: audited, and 409 when the stream changed since it was read", async () => {
    const [stream] = (await get("/api/support/GetChatStreams")).body;
    const stale = stream.dateModified;
    const made = await post("/api/support/MarkChatTicket", {
      streamId: stream.id,
      isTicket: !stream.isTicket,
      dateModified: stale,
    });
    expect(made.status).toBe(200);
    expect(made.body.isTicket).toBe(!stream.isTicket);
    const again = await post("/api/support/MarkChatTicket", {
      streamId: stream.id,
      isTicket: true,
      dateModified: stale,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/changed since you opened it/);
  });
});

describe("what is refused", () => {
  test("400 in the catalogue's shape, nothing kept: empty, spaces only, 4,001 characters, a bad id", async () => {
    const before = await messageCount();
    for (
      const body of [{ text: "" }, { text: "   " }, { text: "x".repeat(4_001) }, {}]
    ) {
      const res = await post("/api/support/SendChatMessage", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ title: expect.any(String), isValidation: true });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await post("/api/support/ReplyToChat", { streamId: "x", text: "hi" })).status).toBe(400);
    expect((await get("/api/support/GetChatMessages?streamId=0")).status).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  test("another user of the tenant, the admin included, is told the stream does not exist", async () => {
    const [stream] = (await get("/api/support/GetChatStreams")).body;
    const before = await messageCount();
    for (const who of ["admin", "support"]) {
      const read = await get(`/api/support/GetChatMessages?streamId=${stream.id}`, who);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe("That conversation does not exist.");
      expect((await post("/api/support/ReplyToChat", { streamId: stream.id, text: "me too" }, who)).status)
        .toBe(404);
      expect((await post("/api/support/ReadChatStream", { streamId: stream.id }, who)).status).toBe(404);
      expect((await post("/api/support/ChatTyping", { streamId: stream.id }, who)).status).toBe(404);
    }
    // another tenant's user: their own database has no such stream
    expect((await get(`/api/support/GetChatMessages?streamId=${stream.id}`, "country")).status).toBe(404);
    expect(await messageCount()).toBe(before);
  });

  test("the staff's calls are for super users only: 403 for a tenant's admin and support users", async () => {
    for (const who of ["admin", "support", "user"]) {
      expect((await get("/api/super/GetAllChatStreams", who)).status).toBe(403);
      expect(
        (await post("/api/super/ReplyToTenantChat", { tenantId: 1, streamId: 1, text: "x" }, who)).status,
      )
        .toBe(403);
    }
    expect((await get("/api/support/GetChatStreams", "display")).status).toBe(403);
  });
});

describe("the support staff", () => {
  test("see every tenant's streams, read one, mark it read and a ticket: each access audited", async () => {
    // audit stamps keep the real clock: the rows written from here on are those after the last one now
    const [{ last }] = await t.services.db.control.select({ last: max(superAudit.id) }).from(superAudit);
    const all = await get("/api/super/GetAllChatStreams", "super");
    expect(all.status).toBe(200);
    const stream = all.body.find((s: { tenantId: number }) => s.tenantId === 1);
    expect(stream).toMatchObject({ tenantName: "Demo Processing", userName: "User Demo" });
    const read = await get(`/api/super/GetTenantChatMessages?tenantId=1&streamId=${stream.id}`, "super");
    expect(read.status).toBe(200);
    expect(read.body.messages.length).toBeGreaterThan(0);
    expect(
      (await post("/api/super/ReadTenantChatStream", { tenantId: 1, streamId: stream.id }, "super")).status,
    )
      .toBe(200);
    const ticket = await post(
      "/api/super/MarkTenantChatTicket",
      { tenantId: 1, streamId: stream.id, isTicket: true },
      "super",
    );
    expect(ticket.status).toBe(200);
    const rows = (await t.services.db.control.select().from(superAudit)
      .where(and(eq(superAudit.userId, ids.super)))).filter((r) => r.id > (last ?? 0)).map((r) => r.action);
    expect(rows).toEqual(
      expect.arrayContaining(["ReadChatStreams", "ReadChatMessages", "ReadChatStream", "MarkChatTicket"]),
    );
    // a stream that is not there, and a tenant that is not
    expect((await get("/api/super/GetTenantChatMessages?tenantId=1&streamId=9999", "super")).status).toBe(
      404,
    );
    expect((await get(`/api/super/GetTenantChatMessages?tenantId=999&streamId=${stream.id}`, "super")).status)
      .toBe(404);
  });

  test("each staff member's unread, per chat and in total; reading a chat clears it for them, heard on the desk", async () => {
    const desk = hubClient(t.origin, tokens.super);
    await desk.start();
    try {
      await desk.invoke("RegisterRefreshInterest", "SupportDesk");
      const unread = async () => (await get("/api/super/GetChatDeskUnread", "super")).body;
      const before = await unread();
      const started = await post("/api/support/SendChatMessage", { text: "Is anyone reading?" });
      const streamId = started.body.stream.id;
      const now = await unread();
      expect(now.unread).toBe(before.unread + 1);
      expect(now.streams).toContainEqual({ tenantId: 1, streamId, unread: 1 });

      const heard = nextEvent(desk, "supportDeskRead");
      expect((await post("/api/super/ReadTenantChatStream", { tenantId: 1, streamId }, "super")).status).toBe(
        200,
      );
      expect(await heard).toEqual({ tenantId: 1, streamId, userId: ids.super });
      const after = await unread();
      expect(after.unread).toBe(before.unread);
      expect(
        after.streams.some((s: { streamId: number; tenantId: number }) =>
          s.streamId === streamId && s.tenantId === 1
        ),
      )
        .toBe(false);
      // the mark is this staff member's own (another's stays unread), apart from the starter's
      const marks = await (await t.services.db.tenantDb(1)).select().from(chatReadMarks)
        .where(eq(chatReadMarks.streamId, streamId));
      expect(marks.map((m) => m.userId).sort((a, b) => a - b)).toEqual([-ids.super, ids.user]);
    } finally {
      await desk.stop();
    }
    for (const who of ["admin", "support", "user"]) {
      expect((await get("/api/super/GetChatDeskUnread", who)).status).toBe(403);
    }
  });
});
