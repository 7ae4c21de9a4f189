/**
 * Which producer links a processor's change is told over (issue 44 §6): pure, so the isolation rule is
 * tested without a hub. A link hears of a supplier's lot only while it is accepted and not ended, names
 * that supplier, shares the scope the notice belongs to and the lot is dated from its visible-from day.
 */
import type { LinkScope } from "../../../../db/control/producerLinks.ts";

export interface RelayLink {
  id: number;
  producerTenantId: number | null;
  supplierIds: readonly number[];
  scopes: readonly LinkScope[];
  visibleFrom: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** A linked supplier's lot something happened to: whose it is and its (kill) day, yyyy-MM-dd. */
export interface RelayedLot {
  livestockOrderId: number;
  supplierId: number;
  day: string;
}

export type NoticeKind = "consignmentProcessed" | "remittancePublished";

/** The scope a notice needs: a processed consignment is kill feedback; a remittance is a remittance. */
export const NOTICE_SCOPE: Record<NoticeKind, LinkScope> = {
  consignmentProcessed: "feedback",
  remittancePublished: "remittances",
};

/** Per link to tell, its producer tenant and the lots it may hear of (links hearing of none left out). */
export function relayTargets(links: readonly RelayLink[], lots: readonly RelayedLot[], kind: NoticeKind) {
  const scope = NOTICE_SCOPE[kind];
  return links.flatMap((link) => {
    if (!link.producerTenantId || !link.acceptedAt || link.revokedAt || !link.scopes.includes(scope)) {
      return [];
    }
    const heard = lots.filter((lot) =>
      link.supplierIds.includes(lot.supplierId) && lot.day >= link.visibleFrom
    );
    if (!heard.length) return [];
    return [{
      linkId: link.id,
      producerTenantId: link.producerTenantId,
      livestockOrderIds: [...new Set(heard.map((l) => l.livestockOrderId))],
    }];
  });
}

/** What names a notice for its read marks (the notice is derived, not stored): kind, link, lot, remittance, moment. */
export function noticeKey(n: {
  kind: string;
  linkId: number;
  livestockOrderId: number | null;
  invoiceNumber: string | null;
  at: string;
}): string {
  return [n.kind, n.linkId, n.livestockOrderId ?? "", n.invoiceNumber ?? "", n.at].join("|").slice(
    0,
    NOTICE_KEY_MAX,
  );
}

export const NOTICE_KEY_MAX = 160;
