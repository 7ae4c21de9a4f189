/**
 * The support staff's side of support chat (super only): every tenant's streams, and reading, replying,
 * marking read or a ticket in one, through that tenant's context (cross-tenant, as the support desk marks
 * a report handled) with support chat's own operations as the viewer "staff". Every access is a row in
 * the super audit, naming the tenant and stream.
 */
import { asc } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import type { AreaContext } from "../../context.ts";
import {
  listStreams,
  markTicket,
  readMessages,
  readStream,
  reply,
  signalTyping,
  staffUnread,
} from "../../support/chat/operations.ts";
import type { DeskStream } from "../../support/chat/schemas.ts";
import { recordSuperAction } from "../writes.ts";
import { tenantContext } from "../tenantContext.ts";

/** Every tenant's streams, newest first (each tenant's first 200). */
export async function deskStreams(ctx: AreaContext): Promise<DeskStream[]> {
  const orgs = await ctx.app.db.control.select({ id: tenants.id, name: tenants.name }).from(tenants)
    .orderBy(asc(tenants.name));
  const lists = await Promise.all(orgs.map(async (org) => {
    const there = await tenantContext(ctx, org.id);
    return (await listStreams(there, "staff")).map((s) => ({ ...s, tenantId: org.id, tenantName: org.name }));
  }));
  await recordSuperAction(ctx, { tenantId: null, action: "ReadChatStreams" });
  return lists.flat().sort((a, b) => b.dateModified.localeCompare(a.dateModified) || b.id - a.id);
}

/**
 * The caller's unread messages across every tenant's chats, per stream and in total (the menu's badge).
 * Not audited: it reads counts, no message (it is asked again after every message and read).
 */
export async function deskUnread(ctx: AreaContext) {
  const orgs = await ctx.app.db.control.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  const lists = await Promise.all(
    orgs.map(async (org) =>
      (await staffUnread(await tenantContext(ctx, org.id))).map((s) => ({ tenantId: org.id, ...s }))
    ),
  );
  const streams = lists.flat();
  return { unread: streams.reduce((n, s) => n + s.unread, 0), streams };
}

/** Runs a chat operation in the tenant as the staff, and audits it (after it succeeded). */
async function inTenant<T, I extends { tenantId: number; streamId: number }>(
  ctx: AreaContext,
  action: string,
  input: I,
  work: (there: AreaContext, input: I) => Promise<T>,
): Promise<T> {
  const there = await tenantContext(ctx, input.tenantId);
  const answer = await work(there, input);
  await recordSuperAction(ctx, { tenantId: input.tenantId, action, detail: { streamId: input.streamId } });
  return answer;
}

export const deskMessages = (ctx: AreaContext, q: { tenantId: number; streamId: number; after?: number }) =>
  inTenant(ctx, "ReadChatMessages", q, (there, i) => readMessages(there, "staff", i));

export const deskReply = (ctx: AreaContext, b: { tenantId: number; streamId: number; text: string }) =>
  inTenant(ctx, "ReplyToChat", b, (there, i) => reply(there, "staff", i));

export const deskRead = (ctx: AreaContext, b: { tenantId: number; streamId: number }) =>
  inTenant(ctx, "ReadChatStream", b, (there, i) => readStream(there, "staff", i));

export const deskTicket = (
  ctx: AreaContext,
  b: { tenantId: number; streamId: number; isTicket: boolean; dateModified?: string },
) => inTenant(ctx, "MarkChatTicket", b, (there, i) => markTicket(there, "staff", i));

/** Typing is not audited (nothing is read or kept); the stream must still be there. */
export async function deskTyping(ctx: AreaContext, b: { tenantId: number; streamId: number }) {
  return signalTyping(await tenantContext(ctx, b.tenantId), "staff", b);
}
