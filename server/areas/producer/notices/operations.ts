/**
 * The producer home's notices (issue 44 §6): per open link, its latest processed consignments and
 * published remittances, read through the door when the page is shown (the relayed push only tells an
 * open page to look again), and the links ended. The notices are not stored; each user's read marks are,
 * in the farm's own database (producer_notice_reads, by the notice's key): a notice without a mark is
 * unread, so a relayed one arrives unread.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AreaContext } from "../../context.ts";
import { linkNotices, openLink, openLinksOf } from "../door.ts";
import type { LinkScope } from "../../../../db/control/producerLinks.ts";
import { producerNoticeReads } from "../../../../db/tenant/producerNotices.ts";
import { producerLinkList } from "../links/operations.ts";
import { noticeKey } from "./rules.ts";

export interface ProducerNotice {
  kind: "consignmentProcessed" | "remittancePublished" | "linkEnded";
  at: string;
  linkId: number;
  processorName: string;
  livestockOrderId: number | null;
  supplierName: string;
  invoiceNumber: string | null;
}

const NOTICE_SCOPES: LinkScope[] = ["feedback", "remittances"];

/**
 * The newest `limit` notices of each of the caller's (producer) open links, and its ended links, newest
 * first: each processor's news is shown, however busy another one is.
 */
export async function producerNotices(
  ctx: AreaContext,
  ended: readonly { id: number; otherName: string; revokedAt: string | null }[],
  limit = 8,
): Promise<ProducerNotice[]> {
  const notices: ProducerNotice[] = ended.filter((l) => l.revokedAt).map((l) => ({
    kind: "linkEnded",
    at: l.revokedAt!,
    linkId: l.id,
    processorName: l.otherName,
    livestockOrderId: null,
    supplierName: "",
    invoiceNumber: null,
  }));
  for (const open of await openLinksOf(ctx)) {
    const scope = NOTICE_SCOPES.find((s) => open.scopes.includes(s));
    if (!scope) continue;
    const link = await openLink(ctx, open.id, scope);
    for (const n of await linkNotices(ctx, link, limit)) {
      notices.push({ ...n, linkId: link.id, processorName: link.processorName });
    }
  }
  return notices.sort((a, b) => b.at.localeCompare(a.at));
}

export type ReadableNotice = ProducerNotice & { key: string; isRead: boolean };

/** The notices with this user's read marks. */
export async function withReadMarks(ctx: AreaContext, notices: ProducerNotice[]): Promise<ReadableNotice[]> {
  const keyed = notices.map((n) => ({ ...n, key: noticeKey(n) }));
  const marked = !keyed.length ? [] : await ctx.db.select({ key: producerNoticeReads.noticeKey })
    .from(producerNoticeReads).where(and(
      eq(producerNoticeReads.userId, ctx.caller.user.id),
      inArray(producerNoticeReads.noticeKey, keyed.map((n) => n.key)),
    ));
  const read = new Set(marked.map((m) => m.key));
  return keyed.map((n) => ({ ...n, isRead: read.has(n.key) }));
}

/** The home's notices (open links' news and ended links) with this user's read marks. */
export async function myNotices(ctx: AreaContext): Promise<ReadableNotice[]> {
  const ended = (await producerLinkList(ctx)).filter((l) => l.state === "ended");
  return withReadMarks(ctx, await producerNotices(ctx, ended));
}

/**
 * Marks notices read for this user: the named ones, or every notice the home lists now (`all`). A mark is
 * the user's own and names no record, so it is not audited; marking one twice changes nothing.
 */
export async function markNoticesRead(ctx: AreaContext, input: { noticeKeys?: string[]; all?: boolean }) {
  const keys = input.all
    ? (await myNotices(ctx)).filter((n) => !n.isRead).map((n) => n.key)
    : input.noticeKeys ?? [];
  if (keys.length) {
    const readAt = new Date().toISOString();
    await ctx.write((tx) =>
      tx.insert(producerNoticeReads)
        .values([...new Set(keys)].map((noticeKey) => ({ userId: ctx.caller.user.id, noticeKey, readAt })))
        .onConflictDoNothing()
    );
  }
  return { marked: new Set(keys).size };
}
