/**
 * Where notifications come from (issue 39 §8): each one follows another area's committed change, named by
 * the push event that area announced (Area.reactions), so no area writes this one's table:
 * - deliveryStatusUpdated (livestock orders): a load over its order's quantity, and an order unloaded
 *   without a linked NVD (livestock/nvd matching; until an NVD is matched, the order's own NVD number);
 * - carcassDataComplete (kill floor): an order's carcass data is in, its invoice can be made; and when its
 *   carcasses carry defect codes no price rule covers, which (Settings › Carcass Defects opens for them);
 * - invoicePublished (invoices): an invoice was published;
 * - integrationUpdate (kill floor interchange) with an error: the bell's count moves (the error itself is
 *   the kill floor's row, listed while its flag is on).
 * Who is told: the organisation's users and admins whose species include the order's (for an invoice,
 * also their invoicing species) and who can open the page it links to, but not the person who made the
 * change (they know). Each is said once per order or invoice: the same kind about the same page is not
 * raised again.
 */
import { and, eq, inArray } from "drizzle-orm";
import { invoices, livestockOrders, notifications, suppliers } from "../../../db/tenant/schema.ts";
import { memberships, users, userSettings } from "../../../db/control/schema.ts";
import { isPerson } from "../../auth/apiKeys.ts";
import type { Reaction, Reactions } from "../area.ts";
import type { AreaContext } from "../context.ts";
import { ordersWithNvd } from "../livestock/nvd/queries.ts";
import { orderDefects } from "../killFloor/queries.ts";
import { defectRulesFor } from "../invoiceSettings/queries.ts";
import { unruledDefects, unruledHead } from "../invoices/rules.ts";
import { remittanceEmailsOf } from "../invoices/queries/remittanceEmails.ts";
import { href } from "../../access/routes.ts";
import { type AccessSubject, canOpenPage, type RoleName } from "../../access/mod.ts";
import { type NewNotification, notifyUsers } from "./writes.ts";
import { integrationErrorsShown } from "./operations.ts";

/** The roles told of the plant's day (not display, test or support accounts). */
const TOLD_ROLES = ["user", "admin"];

/** A notification about one thing: its kind, the page it opens and whose species it concerns. */
interface Raised extends NewNotification {
  route: string;
  speciesId: number;
  /** a user setting that narrows the species the page shows its user ("invoicing" for invoices) */
  narrowedBy?: string;
  /** the caller is told too: the change was made in their name by the app, not by them at a screen */
  tellCaller?: boolean;
}

/**
 * The organisation's people told about a species, the changing caller left out, who can open the page
 * the notification links to: the same access policy as the menu and the page guard, with each person's
 * role and own settings over the organisation's modules, flags and settings (the caller's, the same for
 * everyone in it). A bell entry that leads to "you cannot open this" would only be noise.
 */
async function recipients(ctx: AreaContext, about: Raised): Promise<number[]> {
  const db = ctx.app.db.control;
  const people = await db.select({ id: users.id, roleLevel: memberships.roleLevel }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(
      eq(memberships.tenantId, ctx.tenantId),
      inArray(memberships.roleLevel, TOLD_ROLES),
      eq(users.isDisabled, false),
      isPerson(),
    ));
  const settings = await db.select({
    userId: userSettings.userId,
    settingType: userSettings.settingType,
    value: userSettings.value,
  }).from(userSettings).where(eq(userSettings.tenantId, ctx.tenantId));
  return people.filter((p) => {
    if (p.id === ctx.caller.user.id && !about.tellCaller) return false;
    const own = settings.filter((s) => s.userId === p.id);
    const narrowing = ["species", ...(about.narrowedBy ? [about.narrowedBy] : [])];
    if (
      !narrowing.every((type) =>
        allowsSpecies(own.find((s) => s.settingType === type)?.value, about.speciesId)
      )
    ) {
      return false;
    }
    const subject: AccessSubject = {
      ...ctx.caller.subject,
      roleLevel: p.roleLevel as RoleName,
      userSettings: own.map(({ settingType, value }) => ({ settingType, value })),
    };
    return canOpenPage(subject, about.route);
  }).map((p) => p.id);
}

/** A user setting's `allowedSpeciesIds` lets the species through (none set, or an empty list: all). */
function allowsSpecies(value: unknown, speciesId: number): boolean {
  const ids = (value as { allowedSpeciesIds?: unknown } | undefined)?.allowedSpeciesIds;
  return !Array.isArray(ids) || ids.length === 0 || ids.map(Number).includes(speciesId);
}

/** Raises each notification not raised before (same kind, same page), to its recipients. */
async function raise(ctx: AreaContext, raised: Raised[]): Promise<void> {
  if (!raised.length) return;
  const told = await ctx.db.select({ type: notifications.type, route: notifications.route }).from(
    notifications,
  )
    .where(and(
      inArray(notifications.type, [...new Set(raised.map((r) => r.type))]),
      inArray(notifications.route, raised.map((r) => r.route)),
    ));
  const fresh = raised.filter((r) => !told.some((t) => t.type === r.type && t.route === r.route));
  if (!fresh.length) return;
  const to = await Promise.all(fresh.map((r) => recipients(ctx, r)));
  await ctx.write(async (_, unit) => {
    for (const [i, { speciesId: _species, narrowedBy: _by, tellCaller: _caller, ...n }] of fresh.entries()) {
      await notifyUsers(unit, to[i], n);
    }
  });
}

/** The orders named, with their supplier. */
async function ordersOf(ctx: AreaContext, ids: number[]) {
  if (!ids.length) return [];
  return await ctx.db.select({
    id: livestockOrders.id,
    speciesId: livestockOrders.speciesId,
    quantityOrdered: livestockOrders.quantityOrdered,
    totalDelivered: livestockOrders.totalDelivered,
    totalUnloaded: livestockOrders.totalUnloaded,
    nvd: livestockOrders.nvd,
    lot: livestockOrders.agendaLotReference,
    supplier: suppliers.name,
  }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(inArray(livestockOrders.id, ids));
}

type OrderFacts = Awaited<ReturnType<typeof ordersOf>>[number];
const orderPage = (id: number) => `/home/livestock/orders/${id}`;
const orderName = (o: OrderFacts) => `${o.lot ? `Lot ${o.lot}` : `Order ${o.id}`} from ${o.supplier}`;

/** A load over its order's quantity; an order unloaded with no NVD linked. */
const deliveriesChanged: Reaction<"deliveryStatusUpdated"> = async (ctx, { livestockOrderIds }) => {
  const orders = await ordersOf(ctx, livestockOrderIds);
  const linked = await ordersWithNvd(ctx.db, orders.map((o) => o.id));
  const raised: Raised[] = [];
  for (const o of orders) {
    if (o.totalDelivered > o.quantityOrdered) {
      raised.push({
        type: "loadOverOrder",
        title: `${orderName(o)} is over its order`,
        message: `${o.totalDelivered} head delivered against ${o.quantityOrdered} ordered.`,
        route: orderPage(o.id),
        speciesId: o.speciesId,
      });
    }
    if ((o.totalDelivered > 0 || o.totalUnloaded > 0) && !linked.has(o.id)) {
      raised.push({
        type: "nvdMissing",
        title: `${orderName(o)} was unloaded without an NVD`,
        message: o.nvd
          ? `NVD ${o.nvd} is on the order but no NVD document is matched to it.`
          : "No NVD is on the order or matched to it.",
        route: orderPage(o.id),
        speciesId: o.speciesId,
      });
    }
  }
  await raise(ctx, raised);
};

/** An order's carcass data is complete: its invoice can be made (and which of its codes no rule prices). */
const carcassDataIn: Reaction<"carcassDataComplete"> = async (ctx, { livestockOrderId }) => {
  const [o] = await ordersOf(ctx, [livestockOrderId]);
  if (!o) return;
  await raise(ctx, [{
    type: "carcassDataComplete",
    title: `Carcass data is complete for ${orderName(o)}`,
    message: "Its invoice can be created in the invoice manager.",
    route: orderPage(o.id),
    speciesId: o.speciesId,
  }, ...await unruledCodesOf(ctx, o)]);
};

/**
 * One notification per order whose carcasses carry codes no live rule of its species prices, opening
 * Settings › Carcass Defects on its kill days. The tab is a page for many orders: the order's own mark
 * after # keeps "once per kind and page" once per order.
 */
async function unruledCodesOf(ctx: AreaContext, o: OrderFacts): Promise<Raised[]> {
  const found = await orderDefects(ctx.db, o.id);
  if (!found.carcasses.length) return [];
  const unruled = unruledDefects(found.carcasses, await defectRulesFor(ctx.db, o.speciesId));
  if (!unruled.length) return [];
  const [first] = unruled;
  const page = href("settingsCarcassDefects", {}, {
    speciesId: o.speciesId,
    fromDate: found.firstDay ?? undefined,
    toDate: found.lastDay ?? undefined,
  });
  return [{
    type: "defectCodeWithoutRule",
    title: unruled.length === 1
      ? `${orderName(o)}: ${unruledHead(first.code, first.carcasses)}`
      : `${orderName(o)}: ${unruled.length} defect codes have no price rule`,
    message: unruled.map((u) => u.message).join(" "),
    route: `${page}#order-${o.id}`,
    speciesId: o.speciesId,
  }];
}

/** The invoices named, with their supplier's name and address. */
function invoicesOf(ctx: AreaContext, ids: number[]) {
  return ctx.db.select({
    id: invoices.id,
    number: invoices.invoiceNumber,
    speciesId: invoices.speciesId,
    supplier: suppliers.name,
    email: suppliers.contactEmail,
  }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
    .where(inArray(invoices.id, ids));
}

/** Invoices published. */
const invoicesPublished: Reaction<"invoicePublished"> = async (ctx, { invoiceIds: ids }) => {
  if (!ids.length) return;
  const rows = await invoicesOf(ctx, ids);
  await raise(
    ctx,
    rows.map((r) => ({
      type: "invoicePublished",
      title: `Invoice ${r.number ?? r.id} to ${r.supplier} was published`,
      message: "It is with the supplier now.",
      route: `/home/invoicemanager/edit/${r.id}`,
      speciesId: r.speciesId,
      narrowedBy: "invoicing",
    })),
  );
};

/** Remittances queued to be emailed on publish and given up: why, in the invoice's own words. */
const remittancesNotEmailed: Reaction<"remittanceNotEmailed"> = async (ctx, { invoiceIds: ids }) => {
  if (!ids.length) return;
  const raised: Raised[] = [];
  for (const r of await invoicesOf(ctx, ids)) {
    const [last] = await remittanceEmailsOf(ctx, r.id);
    const button = "send it from the invoice with Email to supplier";
    const reason = last && !last.sent && last.reason ? last.reason : "the mail server would not take it";
    const why = !r.email.trim()
      ? `${r.supplier} has no email address: add one on the supplier, then ${button}.`
      : `${reason[0].toUpperCase()}${reason.slice(1)} (${last?.to ?? r.email}). ${
        reason.includes("refused the address")
          ? `Check the supplier's email address, then ${button}.`
          : `Once the mail server takes mail again, ${button}.`
      }`;
    raised.push({
      type: "remittanceNotEmailed",
      title: `The remittance of ${r.number ?? r.id} to ${r.supplier} was not emailed`,
      message: why,
      route: `/home/invoicemanager/edit/${r.id}`,
      speciesId: r.speciesId,
      narrowedBy: "invoicing",
      // the send was the publisher's, made by the app after they left the page
      tellCaller: true,
    });
  }
  await raise(ctx, raised);
};

/**
 * A plant system reported an error (the kill floor keeps it; the bell lists it while the integration
 * error flag is on): every person of the organisation re-reads their unread count, as for a new
 * notification. A client's other state changes (reset, ready) raise nothing.
 */
const integrationErrorRaised: Reaction<"integrationUpdate"> = async (ctx, { status }) => {
  if (status !== "Error" || !integrationErrorsShown(ctx)) return;
  const people = await ctx.app.db.control.select({ id: users.id }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(users.isDisabled, false), isPerson()));
  if (!people.length) return;
  await ctx.write((_, unit) => {
    for (const { id } of people) unit.announce("notificationsChanged", { userId: id }, { qualifier: id });
    return Promise.resolve();
  });
};

/** The area record's reactions, by the push event that raises them. */
export const NOTIFICATION_SOURCES: Reactions = {
  integrationUpdate: integrationErrorRaised,
  deliveryStatusUpdated: deliveriesChanged,
  carcassDataComplete: carcassDataIn,
  invoicePublished: invoicesPublished,
  remittanceNotEmailed: remittancesNotEmailed,
};
