/**
 * Publishing (spec 2 §4): one draft, or all of a species' publishable drafts (service kill sheets only
 * when asked). Each is recomputed, checked, numbered (RCTI-000001 upwards; a reissue keeps its number),
 * frozen as its document, and its PDF kept once the change is saved. One unit of work for all of them;
 * invoicePublished announced after the commit.
 */
import { and, eq } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { loadSources } from "../inputs.ts";
import { nextInvoiceNumber, storeComputation } from "../drafts.ts";
import { invoiceOf, invoiceSpecies, who } from "../queries/species.ts";
import { buildDocument, invoiceDocument, invoiceView } from "../queries/invoice.ts";
import { createdInvoices } from "../queries/lists.ts";
import { changeInvoice } from "../invoiceChange.ts";
import { storePublishedPdfs } from "../publishing.ts";
import { queueRemittanceMails, sendQueuedSoon } from "../remittanceMailing.ts";
import type { PublishAllBody } from "../schemas.ts";

/** Publish one: 409 with the reasons when it cannot be. */
export async function publish(ctx: AreaContext, id: number, lastModified?: string | null) {
  await publishDrafts(ctx, [id], lastModified, {
    strict: true,
    serviceKill: true,
    keepPdfs: "before answering",
  });
  return await invoiceView(ctx, id);
}

/** Publish every publishable draft of a species; the others are answered with their reasons. */
export async function publishAll(ctx: AreaContext, input: In<typeof PublishAllBody>) {
  const species = invoiceSpecies(ctx, input.speciesId);
  const drafts = await ctx.db.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.speciesId, species), eq(invoices.status, "Draft")));
  const published = await publishDrafts(ctx, drafts.map((d) => d.id), null, {
    strict: false,
    serviceKill: input.publishServiceKillSheets,
    keepPdfs: "after answering",
  });
  const skipped = (await createdInvoices(ctx, species)).map((s) => ({
    id: s.id,
    reasons: s.unableToPublishReasons,
  }));
  return { publishedIds: published, skipped };
}

interface HowToPublish {
  /** a draft that cannot be published is refused (409), else skipped */
  strict: boolean;
  /** service kill sheets too */
  serviceKill: boolean;
  /**
   * The documents are frozen at the commit; their files are kept after it: one invoice's before the
   * answer (its editor offers the kept file), many after answering (a download renders meanwhile).
   */
  keepPdfs: "before answering" | "after answering";
}

async function publishDrafts(
  ctx: AreaContext,
  ids: number[],
  lastModified: string | null | undefined,
  how: HowToPublish,
): Promise<number[]> {
  const now = new Date().toISOString();
  return await ctx.write(async (tx, unit) => {
    const done: number[] = [];
    for (const id of ids) {
      const row = await invoiceOf(ctx, id, tx);
      assertUnchanged(row, lastModified, "invoice");
      if (row.status !== "Draft") {
        if (!how.strict) continue;
        throw ApiError.conflict(`Invoice ${row.invoiceNumber ?? id} is already ${row.status.toLowerCase()}.`);
      }
      const sources = await loadSources(tx, row);
      const { row: computed, computation } = await storeComputation(tx, row, sources);
      if (!how.serviceKill && sources.inputs.basis.isServiceKill) continue;
      if (!computation.isPublishable) {
        if (!how.strict) continue;
        throw ApiError.conflict(
          `This invoice cannot be published yet: ${computation.unableToPublishReasons.join(" ")}`,
        );
      }
      const number = computed.invoiceNumber ?? await nextInvoiceNumber(tx);
      const frozen = { ...computed, invoiceNumber: number, status: "Published", publishedAt: now };
      const document = await buildDocument(ctx, { ...sources, invoice: frozen }, computation);
      await changeInvoice(unit, row, {
        status: "Published",
        invoiceNumber: number,
        publishedAt: now,
        publishedBy: who(ctx),
        publishedDocument: document,
      }, { action: `Published as ${number}`, after: { totalCents: computation.totalCents } });
      done.push(id);
    }
    if (done.length) {
      unit.announce("invoicePublished", { invoiceIds: done });
      // the organisation's "Email remittances when published": queued with the publish, sent after it
      if (await queueRemittanceMails(ctx, tx, done)) {
        unit.afterCommit(() => sendQueuedSoon(ctx.app, ctx.tenantId));
      }
      // published is published: a failure to keep a file is logged, and a download renders it instead
      const keep = () =>
        storePublishedPdfs(ctx, (i) => invoiceDocument(ctx, i), done).catch((error) =>
          console.error("Storing published invoice PDFs failed", error)
        );
      unit.afterCommit(how.keepPdfs === "before answering" ? keep : () => void keep());
    }
    return done;
  });
}
