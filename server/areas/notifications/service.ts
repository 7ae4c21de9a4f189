/**
 * The user's notifications (spec 1 §2 home/notifications, §3 "Notification"): their own (type, time,
 * title, message, the page to open), and, while the integration error notifications flag is on for
 * them, the errors the plant's systems reported (spec 2 §6). Marking read is per user for their own;
 * an integration error is acknowledged for the organisation (the kill floor area keeps them).
 */
import type { z } from "@hono/zod-openapi";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { notifications } from "../../../db/tenant/schema.ts";
import { isFeatureEnabled } from "../../access/flags.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { InterchangeService } from "../killFloor/service.ts";
import type { MarkReadBody, Notification } from "./schemas.ts";

type Out = z.output<typeof Notification>;

/** The most notifications a list shows (newest first). */
export const NOTIFICATION_LIMIT = 100;

/** A partner's code as people know it (spec 2 §6: "partner 1 shown with a provider label"). */
const PARTNER_LABELS: Record<string, string> = { "1": "Plant interchange" };
export const partnerLabel = (partner: string) => PARTNER_LABELS[partner] ?? partner;

export interface NewNotification {
  type: string;
  title: string;
  message?: string;
  /** a path of this app */
  route?: string;
}

export class NotificationService {
  constructor(private readonly ctx: AreaContext) {}

  get integrationErrorsShown() {
    return isFeatureEnabled(this.ctx.caller.subject, "integrationErrorNotifications");
  }

  /** The caller's notifications, newest first, at most NOTIFICATION_LIMIT. */
  async list(unreadOnly = false): Promise<Out[]> {
    const mine = eq(notifications.userId, this.ctx.caller.user.id);
    const own = (await this.ctx.db.select().from(notifications)
      .where(unreadOnly ? and(mine, isNull(notifications.readAt)) : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(NOTIFICATION_LIMIT))
      .map((n): Out => ({
        id: `app-${n.id}`,
        type: n.type,
        timestamp: n.createdAt,
        title: n.title,
        message: n.message,
        routeName: n.route,
        isRead: n.readAt !== null,
      }));
    const errors = this.integrationErrorsShown
      ? (await (new InterchangeService(this.ctx)).errors(unreadOnly, NOTIFICATION_LIMIT)).map((e): Out => ({
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

  async unreadCount(): Promise<number> {
    return (await this.list(true)).length;
  }

  async markRead(input: z.output<typeof MarkReadBody>) {
    if (input.integrationErrorIds.length && !this.integrationErrorsShown) {
      throw ApiError.forbidden("Integration error notifications are not switched on for you.");
    }
    const now = new Date().toISOString();
    const mine = and(eq(notifications.userId, this.ctx.caller.user.id), isNull(notifications.readAt));
    const own = await this.ctx.db.update(notifications).set({ readAt: now })
      .where(input.all ? mine : and(mine, inArray(notifications.id, input.ids.length ? input.ids : [0])))
      .returning({ id: notifications.id });
    let errorIds = input.integrationErrorIds;
    if (input.all && this.integrationErrorsShown) {
      errorIds = (await new InterchangeService(this.ctx).errors(true, NOTIFICATION_LIMIT)).map((e) => e.id);
    }
    const errors = errorIds.length
      ? (await new InterchangeService(this.ctx).acknowledge(errorIds)).acknowledged
      : 0;
    return { marked: own.length + errors };
  }

  /** A notification for some users of the organisation (other areas call this). */
  async notify(userIds: number[], n: NewNotification) {
    if (!userIds.length) return;
    const createdAt = new Date().toISOString();
    await this.ctx.db.insert(notifications).values(userIds.map((userId) => ({
      userId,
      type: n.type,
      title: n.title.slice(0, 200),
      message: (n.message ?? "").slice(0, 2000),
      route: n.route && /^\/[^/\\]/.test(n.route) ? n.route : "",
      createdAt,
    })));
  }
}
