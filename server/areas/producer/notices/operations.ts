/**
 * The producer home's notices (issue 44 §6): per open link, its latest processed consignments and
 * published remittances, read through the door when the page is shown (the relayed push only tells an
 * open page to look again), and the links ended. Nothing is stored: see .tmp/decisions (portalFlow).
 */
import type { AreaContext } from "../../context.ts";
import { linkNotices, openLink, openLinksOf } from "../door.ts";
import type { LinkScope } from "../../../../db/control/producerLinks.ts";

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
