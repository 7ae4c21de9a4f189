/**
 * Support chat's operations (issue 43 item 6). A stream belongs to the tenant user who started it: only
 * they read it in their tenant (another user, admins included, is told it does not exist); the support
 * staff reach it through the super support desk (super/support/chatDesk.ts), which calls these with the
 * viewer "staff" in that tenant's context and audits every access. Read marks: the starter's under their
 * user id, each staff member's own under the negated id (rules.ts staffMark), so one staff member
 * opening a stream leaves it unread for the others.
 */
import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { chatMessages, chatReadMarks, chatStreams } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import type { AreaContext, Unit } from "../../context.ts";
import type { ChatMessage, ChatStream } from "./schemas.ts";
import { staffMark, subjectOf } from "./rules.ts";

/** Who is looking: the stream's starter, or the support staff (through the desk). */
export type Viewer = "owner" | "staff";

/** The most streams a list shows, and messages one read answers. */
export const STREAM_LIST_LIMIT = 200;
export const MESSAGE_READ_LIMIT = 500;

type StreamRow = typeof chatStreams.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

const markOwner = (ctx: AreaContext, viewer: Viewer) =>
  viewer === "staff" ? staffMark(ctx.caller.user.id) : ctx.caller.user.id;

const messageView = (m: MessageRow): ChatMessage => ({
  id: m.id,
  streamId: m.streamId,
  senderName: m.senderName,
  fromSupport: m.fromSupport,
  text: m.text,
  sentAt: m.sentAt,
});

/** Streams as the viewer sees them, newest first, with their unread counts. */
async function streamViews(ctx: AreaContext, viewer: Viewer, rows: StreamRow[]): Promise<ChatStream[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const mark = markOwner(ctx, viewer);
  // unread: the other side's messages after the viewer's read mark
  const counts = await ctx.db.select({
    streamId: chatMessages.streamId,
    last: sql<number>`max(${chatMessages.id})`,
    unread: sql<number>`sum(case when ${chatMessages.fromSupport} = ${viewer === "owner" ? 1 : 0}
      and ${chatMessages.id} > coalesce(${chatReadMarks.lastReadMessageId}, 0) then 1 else 0 end)`,
  }).from(chatMessages)
    .leftJoin(
      chatReadMarks,
      and(eq(chatReadMarks.streamId, chatMessages.streamId), eq(chatReadMarks.userId, mark)),
    )
    .where(inArray(chatMessages.streamId, ids)).groupBy(chatMessages.streamId);
  const byId = new Map(counts.map((c) => [c.streamId, c]));
  return rows.map((r) => ({
    id: r.id,
    dateModified: r.dateModified,
    isTicket: r.isTicket,
    subject: r.subject,
    userName: r.userName,
    createdAt: r.createdAt,
    unread: Number(byId.get(r.id)?.unread ?? 0),
    lastMessageId: byId.get(r.id)?.last ?? null,
  }));
}

/** The viewer's streams: the starter's own, or (staff) every stream of the tenant. Newest first. */
export async function listStreams(ctx: AreaContext, viewer: Viewer = "owner"): Promise<ChatStream[]> {
  const rows = await ctx.db.select().from(chatStreams)
    .where(viewer === "staff" ? undefined : eq(chatStreams.userId, ctx.caller.user.id))
    .orderBy(desc(chatStreams.dateModified), desc(chatStreams.id)).limit(STREAM_LIST_LIMIT);
  return streamViews(ctx, viewer, rows);
}

/** The stream, when the viewer may read it; 404 in words otherwise (another user's is not there). */
async function findStream(ctx: AreaContext, viewer: Viewer, streamId: number): Promise<StreamRow> {
  const [row] = await ctx.db.select().from(chatStreams).where(eq(chatStreams.id, streamId));
  if (!row || (viewer === "owner" && row.userId !== ctx.caller.user.id)) {
    throw ApiError.notFound("That conversation does not exist.");
  }
  return row;
}

/** A stream's messages after the optional latest marker (oldest first; without one, the last 500). */
export async function readMessages(
  ctx: AreaContext,
  viewer: Viewer,
  input: { streamId: number; after?: number },
) {
  const row = await findStream(ctx, viewer, input.streamId);
  const where = and(eq(chatMessages.streamId, row.id), gt(chatMessages.id, input.after ?? 0));
  const latest = await ctx.db.select().from(chatMessages).where(where)
    .orderBy(desc(chatMessages.id)).limit(MESSAGE_READ_LIMIT);
  const [stream] = await streamViews(ctx, viewer, [row]);
  return { stream, messages: latest.reverse().map(messageView) };
}

/** Writes a message in the caller's unit: the stream moves up, the writer has read it, both sides hear. */
async function addMessage(unit: Unit, viewer: Viewer, stream: StreamRow, text: string) {
  const { ctx, tx } = unit;
  const now = new Date().toISOString();
  const [message] = await tx.insert(chatMessages).values({
    streamId: stream.id,
    senderUserId: ctx.caller.user.id,
    senderName: displayName(ctx.caller),
    fromSupport: viewer === "staff",
    text: text.trim(),
    sentAt: now,
  }).returning();
  await tx.update(chatStreams).set({ dateModified: now }).where(eq(chatStreams.id, stream.id));
  await markRead(unit, viewer, stream.id, message.id);
  announceMessage(unit, stream, message.id);
  return message;
}

function announceMessage(unit: Unit, stream: StreamRow, messageId: number) {
  const { ctx } = unit;
  unit.announce("supportChatMessage", { streamId: stream.id, messageId }, { qualifier: stream.userId });
  unit.afterCommit(() =>
    ctx.app.push.emit(null, "supportDeskMessage", { tenantId: ctx.tenantId, streamId: stream.id, messageId })
  );
}

async function markRead(unit: Unit, viewer: Viewer, streamId: number, messageId: number) {
  const userId = markOwner(unit.ctx, viewer);
  await unit.tx.insert(chatReadMarks).values({ streamId, userId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [chatReadMarks.streamId, chatReadMarks.userId],
      set: { lastReadMessageId: sql`max(${chatReadMarks.lastReadMessageId}, ${messageId})` },
    });
}

/** A tenant user starts a conversation with the support staff: the stream and its first message. */
export async function startStream(ctx: AreaContext, input: { text: string }) {
  const { stream, message } = await ctx.write(async (tx, unit) => {
    const now = new Date().toISOString();
    const [stream] = await tx.insert(chatStreams).values({
      userId: ctx.caller.user.id,
      userName: displayName(ctx.caller),
      subject: subjectOf(input.text),
      createdAt: now,
      dateModified: now,
    }).returning();
    return { stream, message: await addMessage(unit, "owner", stream, input.text) };
  });
  const [view] = await streamViews(ctx, "owner", [{ ...stream, dateModified: message.sentAt }]);
  return { stream: view, message: messageView(message) };
}

/** A reply in a stream the viewer may read. */
export async function reply(ctx: AreaContext, viewer: Viewer, input: { streamId: number; text: string }) {
  const stream = await findStream(ctx, viewer, input.streamId);
  const message = await ctx.write((_, unit) => addMessage(unit, viewer, stream, input.text));
  return messageView(message);
}

/** Reading a stream marks every message in it read for the viewer. */
export async function readStream(ctx: AreaContext, viewer: Viewer, input: { streamId: number }) {
  const stream = await findStream(ctx, viewer, input.streamId);
  const [last] = await ctx.db.select({ id: chatMessages.id }).from(chatMessages)
    .where(eq(chatMessages.streamId, stream.id)).orderBy(desc(chatMessages.id)).limit(1);
  const lastReadMessageId = last?.id ?? 0;
  if (last) {
    await ctx.write(async (_, unit) => {
      await markRead(unit, viewer, stream.id, last.id);
      if (viewer === "owner") {
        unit.announce("supportChatRead", { streamId: stream.id }, { qualifier: stream.userId });
      } else {
        // the staff member's other pages (the desk and the menu's badge) count again
        const read = { tenantId: ctx.tenantId, streamId: stream.id, userId: ctx.caller.user.id };
        unit.afterCommit(() => ctx.app.push.emit(null, "supportDeskRead", read));
      }
    });
  }
  return { streamId: stream.id, lastReadMessageId };
}

/** Marks a stream a ticket (or not); 409 when it changed since the given dateModified. Audited. */
export async function markTicket(
  ctx: AreaContext,
  viewer: Viewer,
  input: { streamId: number; isTicket: boolean; dateModified?: string },
) {
  const stream = await findStream(ctx, viewer, input.streamId);
  if (input.dateModified && input.dateModified !== stream.dateModified) {
    throw ApiError.conflict("The conversation changed since you opened it. It has been reloaded.");
  }
  const row = await ctx.write(async (tx, unit) => {
    const [saved] = await tx.update(chatStreams)
      .set({ isTicket: input.isTicket, dateModified: new Date().toISOString() })
      .where(eq(chatStreams.id, stream.id)).returning();
    await unit.audit({
      entity: "Support chat",
      entityId: String(stream.id),
      action: input.isTicket ? "Made a ticket" : "No longer a ticket",
      before: { isTicket: stream.isTicket },
      after: { isTicket: input.isTicket },
    });
    return saved;
  });
  const [view] = await streamViews(ctx, viewer, [row]);
  return view;
}

/** Tells the stream's other side that the caller is typing (nothing stored). */
export async function signalTyping(ctx: AreaContext, viewer: Viewer, input: { streamId: number }) {
  const stream = await findStream(ctx, viewer, input.streamId);
  const typing = { streamId: stream.id, userId: ctx.caller.user.id, name: displayName(ctx.caller) };
  await Promise.all([
    ctx.app.push.emit(ctx.tenantId, "supportChatTyping", typing, { qualifier: stream.userId }),
    ctx.app.push.emit(null, "supportDeskTyping", { tenantId: ctx.tenantId, ...typing }),
  ]);
  return { sent: true };
}

/** The caller's unread messages from the support staff across their streams (the menu's badge). */
export async function unreadCount(ctx: AreaContext) {
  const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)` }).from(chatMessages)
    .innerJoin(chatStreams, eq(chatStreams.id, chatMessages.streamId))
    .leftJoin(
      chatReadMarks,
      and(eq(chatReadMarks.streamId, chatStreams.id), eq(chatReadMarks.userId, ctx.caller.user.id)),
    )
    .where(and(
      eq(chatStreams.userId, ctx.caller.user.id),
      ne(chatMessages.fromSupport, false),
      gt(chatMessages.id, sql`coalesce(${chatReadMarks.lastReadMessageId}, 0)`),
    ));
  return { unread: Number(n) };
}

/** The staff member's unread messages from the tenant's users, per stream (only streams with any). */
export async function staffUnread(ctx: AreaContext): Promise<{ streamId: number; unread: number }[]> {
  const rows = await ctx.db.select({ streamId: chatMessages.streamId, unread: sql<number>`count(*)` })
    .from(chatMessages)
    .leftJoin(
      chatReadMarks,
      and(
        eq(chatReadMarks.streamId, chatMessages.streamId),
        eq(chatReadMarks.userId, markOwner(ctx, "staff")),
      ),
    )
    .where(and(
      eq(chatMessages.fromSupport, false),
      gt(chatMessages.id, sql`coalesce(${chatReadMarks.lastReadMessageId}, 0)`),
    ))
    .groupBy(chatMessages.streamId);
  return rows.map((r) => ({ streamId: r.streamId, unread: Number(r.unread) }));
}
