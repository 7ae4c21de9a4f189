/**
 * The user's notifications (spec 1 §2 home/notifications, §3 "Notification"): their own (type, time,
 * title, message, the page to open), and, while the integration error notifications flag is on for
 * them, the errors the plant's systems reported (spec 2 §6). A notification whose page the user can no
 * longer open is listed without its link. Marking read is per user for their own;
 * an integration error is acknowledged for the organisation (the kill floor area keeps them). Other
 * areas notify users through writes.ts.
 */
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { notifications } from "../../../db/tenant/schema.ts";
import { isFeatureEnabled } from "../../access/flags.ts";
import { canOpenPage } from "../../access/mod.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import type { In } from "../areaApi.ts";
import { integrationErrorList } from "../killFloor/queries.ts";
import { acknowledgeIntegrationErrors } from "../killFloor/writes.ts";
import type { MarkReadBody, Notification } from "./schemas.ts";

type Out = In<typeof Notification>;

/** The most notifications a list shows (newest first). */
export const NOTIFICATION_LIMIT = 100;

/** A partner's code as people know it (spec 2 §6: "partner 1 shown with a provider label"). */
const PARTNER_LABELS: Record<string, string> = { "1": "Plant interchange" };
export const partnerLabel = (partner: string) => PARTNER_LABELS[partner] ?? partner;

/** Whether the caller is shown the plant systems' integration errors (their flag). */
export function integrationErrorsShown(ctx: AreaContext): boolean {
  return isFeatureEnabled(ctx.caller.subject, "integrationErrorNotifications");
}

/** The caller's notifications, newest first, at most NOTIFICATION_LIMIT. */
export async function listNotifications(ctx: AreaContext, unreadOnly = false): Promise<Out[]> {
  const mine = eq(notifications.userId, ctx.caller.user.id);
  const own = (await ctx.db.select().from(notifications)
    .where(unreadOnly ? and(mine, isNull(notifications.readAt)) : mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(NOTIFICATION_LIMIT))
    .map((n): Out => ({
      id: `app-${n.id}`,
      type: n.type,
      timestamp: n.createdAt,
      title: n.title,
      message: n.message,
      // a page they can no longer open (their role or the organisation's modules changed): no dead link
      routeName: canOpenPage(ctx.caller.subject, n.route) ? n.route : "",
      isRead: n.readAt !== null,
    }));
  const errors = integrationErrorsShown(ctx)
    ? (await integrationErrorList(ctx, unreadOnly, NOTIFICATION_LIMIT)).map((e): Out => ({
      id: `integration-${e.id}`,
      type: "integrationError",
      timestamp: e.date,
      title: `${partnerLabel(e.integrationPartner)}: ${e.errorType}`,
      message: [e.message, e.errorItemId && `Item ${e.errorItemId}`].filter(Boolean).join(" · "),
      routeName: "/settings/integrations",
      isRead: e.acknowledgedAt !== null,
    }))
    : [];
  return [...own, ...errors].sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, NOTIFICATION_LIMIT);
}

/**
 * How many notifications the caller has not read (the header's bell): their own, and the open
 * integration errors while their flag is on (at most NOTIFICATION_LIMIT of those).
 */
export async function unreadCount(ctx: AreaContext): Promise<{ unread: number }> {
  const [row] = await ctx.db.select({ n: count() }).from(notifications)
    .where(and(eq(notifications.userId, ctx.caller.user.id), isNull(notifications.readAt)));
  const errors = integrationErrorsShown(ctx)
    ? (await integrationErrorList(ctx, true, NOTIFICATION_LIMIT)).length
    : 0;
  return { unread: (row?.n ?? 0) + errors };
}

/** Marks read the caller's own by id, integration errors by id (their flag on), or all of them. */
export async function markRead(ctx: AreaContext, input: In<typeof MarkReadBody>) {
  const errorsShown = integrationErrorsShown(ctx);
  if (input.integrationErrorIds.length && !errorsShown) {
    throw ApiError.forbidden("Integration error notifications are not switched on for you.");
  }
  const now = new Date().toISOString();
  const mine = and(eq(notifications.userId, ctx.caller.user.id), isNull(notifications.readAt));
  const own = await ctx.write(async (tx, unit) => {
    const marked = await tx.update(notifications).set({ readAt: now })
      .where(input.all ? mine : and(mine, inArray(notifications.id, input.ids.length ? input.ids : [0])))
      .returning({ id: notifications.id });
    // the caller's other pages lower their header count
    const userId = ctx.caller.user.id;
    if (marked.length) unit.announce("notificationsChanged", { userId }, { qualifier: userId });
    return marked;
  });
  let errorIds = input.integrationErrorIds;
  if (input.all && errorsShown) {
    errorIds = (await integrationErrorList(ctx, true, NOTIFICATION_LIMIT)).map((e) => e.id);
  }
  const errors = errorIds.length
    ? (await ctx.write((_, unit) => acknowledgeIntegrationErrors(unit, errorIds))).acknowledged
    : 0;
  return { marked: own.length + errors };
}
