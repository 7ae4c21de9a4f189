/**
 * The Testing screen's test sends (spec 2 §7.6): an email, a text and a notification, each through the
 * app's own sender, each audited whether it went or not; and the spec's "ping interchange".
 */
import { and, eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { memberships, users } from "../../../../../db/control/schema.ts";
import { ApiError } from "../../../../http/errors.ts";
import { isPerson } from "../../../../auth/apiKeys.ts";
import { mailServerAddress } from "../../../../mail/mailer.ts";
import { gatewayAddress } from "../../../../mail/sms.ts";
import { withTimeout } from "../../../../timeout.ts";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { zoneOf } from "../../../../http/clientClock.ts";
import { serverNow } from "../../../../clock.ts";
import type { AreaContext } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { pingInterchange } from "../../../killFloor/queries.ts";
import { notifyUsers } from "../../../notifications/writes.ts";
import { recordSuperAction } from "../../writes.ts";
import { tenantContext } from "../../tenantContext.ts";
import { plainFailure, SEND_TIMEOUT_MS } from "../rules.ts";
import type { TestNotificationBody } from "../schemas.ts";

/** The spec's "ping interchange" for any processor: the answer its own Interchange screen gets. */
export async function pingTenantInterchange(ctx: AreaContext, tenantId: number) {
  const there = await tenantContext(ctx, tenantId);
  if (there.tenant.category !== "processor") {
    throw ApiError.validation([{
      field: "tenantId",
      message: "Only a processor has a plant interchange.",
    }]);
  }
  const ping = await pingInterchange(there);
  await audit(ctx, tenantId, "PingInterchange", { isAvailable: ping.isAvailable });
  return { tenantId, ...ping };
}

/** A test email through the app's one mailer (the mail server, or the Outbox without one). */
export async function sendTestEmail(ctx: AreaContext, to: string) {
  const server = ctx.app.config.SMTP_URL ? mailServerAddress(ctx.app.config.SMTP_URL) : null;
  await send(
    ctx,
    "SendTestEmail",
    { email: to },
    "Mail not sent",
    "The mail server did not take it",
    () =>
      ctx.app.mail.send({
        to,
        subject: "Test email from Abattoir Manager",
        text: `This is a test email sent by ${displayName(ctx.caller)} from the super user's Testing page ` +
          `on ${
            formatDateTime(
              serverNow().toISOString(),
              zoneOf(ctx.caller, undefined, ctx.app.config.TIME_ZONE),
            )
          }. Nothing needs doing.`,
      }),
  );
  return {
    to,
    via: server ? "mailServer" as const : "outbox" as const,
    result: server
      ? `Sent to ${to} through the mail server at ${server}.`
      : `No mail server is configured: the email to ${to} is in the Outbox.`,
  };
}

/** A test text through the app's one SMS sender (the gateway, or the Outbox without one). */
export async function sendTestText(ctx: AreaContext, to: string) {
  const gateway = ctx.app.config.SMS_URL ? gatewayAddress(ctx.app.config.SMS_URL) : null;
  await send(
    ctx,
    "SendTestText",
    { phone: to },
    "Text not sent",
    "The SMS gateway did not take it",
    () =>
      ctx.app.sms.send({
        to,
        text: `Test text from Abattoir Manager, sent by ${displayName(ctx.caller)}. Nothing needs doing.`,
      }),
  );
  return {
    to,
    via: gateway ? "smsGateway" as const : "outbox" as const,
    result: gateway
      ? `Sent to ${to} through the SMS gateway at ${gateway}.`
      : `No SMS gateway is configured: the text to ${to} is in the Outbox.`,
  };
}

/** A personal notification to one user of an organisation: it shows on their notifications page. */
export async function sendTestNotification(ctx: AreaContext, input: z.output<typeof TestNotificationBody>) {
  const there = await tenantContext(ctx, input.tenantId);
  const [member] = await ctx.app.db.control.select({
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, input.tenantId), eq(memberships.userId, input.userId), isPerson()));
  if (!member) {
    throw ApiError.validation([{ field: "userId", message: `Choose a user of ${there.tenant.name}.` }]);
  }
  await there.write((_, unit) =>
    notifyUsers(unit, [input.userId], { type: "test", title: input.title, message: input.message })
  );
  await audit(ctx, input.tenantId, "SendTestNotification", { userId: input.userId, email: member.email });
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  return {
    to: name,
    via: "notifications" as const,
    result: `${name} has it on their notifications page in ${there.tenant.name}.`,
  };
}

/** Runs a send with a time limit; audited whether it went or not, a failure answered in words (503). */
async function send(
  ctx: AreaContext,
  action: string,
  detail: Record<string, unknown>,
  title: string,
  refused: string,
  send: () => Promise<void>,
) {
  try {
    await withTimeout(send(), SEND_TIMEOUT_MS);
  } catch (error) {
    const why = plainFailure(error, SEND_TIMEOUT_MS);
    await audit(ctx, null, action, { ...detail, sent: false, why });
    throw new ApiError(503, `${refused}: ${why}.`, { title });
  }
  await audit(ctx, null, action, { ...detail, sent: true });
}

function audit(ctx: AreaContext, tenantId: number | null, action: string, detail: Record<string, unknown>) {
  return recordSuperAction(ctx, { tenantId, action, detail });
}
