/**
 * Orders, deliveries and remittances through a link (issue 44 §3): read-only pages of the linked suppliers' rows from
 * the visible-from day, each one audited read through the door.
 */
import type { AreaContext } from "../../context.ts";
import { ApiError } from "../../../http/errors.ts";
import {
  linkedDeliveryPage,
  linkedOrderPage,
  linkedRemittancePage,
  linkedRemittancePdf,
  openLink,
} from "../door.ts";
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

export async function linkedRemittances(ctx: AreaContext, q: Asked) {
  const link = await openLink(ctx, q.linkId, "remittances");
  return linkedRemittancePage(ctx, link, { offset: q.offset ?? 0, limit: PORTAL_PAGE_SIZE });
}

/** A remittance PDF as the processor sent it (one stored version), or 404 in words. */
export async function remittancePdfFile(
  ctx: AreaContext,
  q: { linkId: number; invoiceId: number; version: string },
) {
  const link = await openLink(ctx, q.linkId, "remittances");
  const got = await linkedRemittancePdf(ctx, link, q.invoiceId, q.version);
  if (!got) throw ApiError.notFound("That remittance is not there for you.");
  return { body: got.bytes, name: `${got.invoiceNumber}-${q.version}` };
}
