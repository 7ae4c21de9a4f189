/**
 * Orders and deliveries through a link (issue 44 §3): read-only pages of the linked suppliers' rows from
 * the visible-from day, each one audited read through the door.
 */
import type { AreaContext } from "../../context.ts";
import { linkedDeliveryPage, linkedOrderPage, openLink } from "../door.ts";
import { PORTAL_PAGE_SIZE } from "./rules.ts";

type Asked = { linkId: number; offset?: number };

export async function linkedOrders(ctx: AreaContext, q: Asked) {
  const link = await openLink(ctx, q.linkId, "orders");
  return linkedOrderPage(ctx, link, { offset: q.offset ?? 0, limit: PORTAL_PAGE_SIZE });
}

export async function linkedDeliveries(ctx: AreaContext, q: Asked) {
  const link = await openLink(ctx, q.linkId, "deliveries");
  return linkedDeliveryPage(ctx, link, { offset: q.offset ?? 0, limit: PORTAL_PAGE_SIZE });
}
