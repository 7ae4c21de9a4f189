/**
 * InvoiceLifecycle: publishing (one or all; recomputed, checked, numbered, frozen, its PDF kept),
 * unpublishing (back to a draft, the number kept), updating a published invoice's supplier reference and
 * due date, finalising (read-only from then; the order becomes InvoiceFinalised when nothing of it is
 * open), deleting a draft, and the remittance PDF (spec 2 §4). Each write is one transaction, audited and
 * announced after commit.
 */
import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { carcasses, invoiceMobs, invoices, livestockOrders } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { recordAudit } from "../audit.ts";
import { ORDER_STATUS } from "../../../kernel/enums.ts";
import { loadSources } from "./inputs.ts";
import { storeComputation } from "./queries.ts";
import { INVOICE_ENTITY, InvoiceCommands } from "./commands.ts";
import { remittancePdfOf, storePublishedPdfs } from "./publishing.ts";
import type { IdsBody, PublishAllBody, UpdatePublishedBody } from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

export class InvoiceLifecycle extends InvoiceCommands {
  /** UpdatePublishedInvoice: the supplier's reference and the due date, on the frozen document too. */
  async updatePublished(input: In<typeof UpdatePublishedBody>) {
    const { id, lastModified, supplierReference, invoiceDueDate } = input;
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(id, tx);
      assertUnchanged(row, lastModified, "invoice");
      if (row.status !== "Published") {
        throw ApiError.conflict(
          row.status === "Finalised"
            ? "This invoice is finalised: it cannot change."
            : "Publish the invoice first.",
        );
      }
      const document = { ...(row.publishedDocument as object), supplierReference, dueDate: invoiceDueDate };
      await tx.update(invoices).set({
        supplierReference,
        dueDate: invoiceDueDate,
        publishedDocument: document,
        lastModified: nextModified(row.lastModified),
      }).where(eq(invoices.id, id));
      await recordAudit(tx, this.ctx, {
        entity: INVOICE_ENTITY,
        entityId: id,
        action: "Published invoice updated",
        before: { supplierReference: row.supplierReference, dueDate: row.dueDate },
        after: { supplierReference, dueDate: invoiceDueDate },
      });
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: [id] });
    return await this.view(id);
  }

  /** Publish one: recomputed, checked, numbered, frozen, and its PDF kept. */
  async publish(id: number, lastModified?: string | null) {
    const done = await this.#publish([id], lastModified, true);
    // published is published: a failure to keep the file is logged, and a download renders it instead
    await storePublishedPdfs(this.ctx, (i) => this.document(i), done).catch((error) =>
      console.error("Storing the published invoice PDF failed", error)
    );
    return await this.view(id);
  }

  /** The remittance PDF: the stored one of the last publish, or rendered now. */
  async remittancePdf(id: number) {
    const doc = await this.document(id);
    const [row] = await this.ctx.db.select({ ref: invoices.publishedReportRef }).from(invoices)
      .where(eq(invoices.id, id));
    return await remittancePdfOf(this.ctx, doc, row?.ref ?? null);
  }

  /** Publish all of a species' publishable drafts (service kill sheets only when asked). */
  async publishAll(input: In<typeof PublishAllBody>) {
    const species = this.invoiceSpecies(input.speciesId);
    const drafts = await this.ctx.db.select({ id: invoices.id }).from(invoices)
      .where(and(eq(invoices.speciesId, species), eq(invoices.status, "Draft")));
    const published = await this.#publish(
      drafts.map((d) => d.id),
      null,
      false,
      input.publishServiceKillSheets,
    );
    // the documents are frozen already; their files are kept after answering (a download renders meanwhile)
    storePublishedPdfs(this.ctx, (i) => this.document(i), published).catch((error) =>
      console.error("Storing published invoice PDFs failed", error)
    );
    const skipped = (await this.created(species)).map((s) => ({
      id: s.id,
      reasons: s.unableToPublishReasons,
    }));
    return { publishedIds: published, skipped };
  }

  async #publish(
    ids: number[],
    lastModified: string | null | undefined,
    strict: boolean,
    serviceKill = true,
  ) {
    const now = new Date().toISOString();
    const done: number[] = [];
    await this.ctx.db.transaction(async (tx) => {
      for (const id of ids) {
        const row = await this.row(id, tx);
        assertUnchanged(row, lastModified, "invoice");
        if (row.status !== "Draft") {
          if (!strict) continue;
          throw ApiError.conflict(
            `Invoice ${row.invoiceNumber ?? id} is already ${row.status.toLowerCase()}.`,
          );
        }
        const sources = await loadSources(tx, row);
        const { row: computed, computation } = await storeComputation(tx, row, sources);
        if (!serviceKill && sources.inputs.basis.isServiceKill) continue;
        if (!computation.isPublishable) {
          if (!strict) continue;
          throw ApiError.conflict(
            `This invoice cannot be published yet: ${computation.unableToPublishReasons.join(" ")}`,
          );
        }
        const number = computed.invoiceNumber ?? await nextInvoiceNumber(tx);
        const frozen = { ...computed, invoiceNumber: number, status: "Published", publishedAt: now };
        const document = await this.buildDocument({ ...sources, invoice: frozen }, computation);
        await tx.update(invoices).set({
          status: "Published",
          invoiceNumber: number,
          publishedAt: now,
          publishedBy: this.who(),
          publishedDocument: document,
          lastModified: nextModified(row.lastModified),
        }).where(eq(invoices.id, id));
        await recordAudit(tx, this.ctx, {
          entity: INVOICE_ENTITY,
          entityId: id,
          action: `Published as ${number}`,
          after: { totalCents: computation.totalCents },
        });
        done.push(id);
      }
    });
    if (done.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "invoicePublished", { invoiceIds: done });
    }
    return done;
  }

  /** Unpublish one or many: back to drafts (the number is kept for the reissue). All or nothing. */
  async unpublish(input: In<typeof IdsBody>) {
    await this.ctx.db.transaction(async (tx) => {
      for (const id of input.ids) {
        const row = await this.row(id, tx);
        if (row.status !== "Published") {
          throw ApiError.conflict(
            row.status === "Finalised"
              ? `Invoice ${row.invoiceNumber} is finalised: it cannot be unpublished.`
              : `Invoice ${id} is not published.`,
          );
        }
        await tx.update(invoices).set({
          status: "Draft",
          publishedAt: null,
          publishedBy: null,
          publishedDocument: null,
          computedAt: null,
          lastModified: nextModified(row.lastModified),
        }).where(eq(invoices.id, id));
        await recordAudit(tx, this.ctx, { entity: INVOICE_ENTITY, entityId: id, action: "Unpublished" });
      }
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUnpublished", { invoiceIds: input.ids });
    return { ids: input.ids };
  }

  /** FinaliseInvoices: published invoices become final; an order with nothing left open is InvoiceFinalised. */
  async finalise(input: In<typeof IdsBody>) {
    const now = new Date().toISOString();
    await this.ctx.db.transaction(async (tx) => {
      const orders = new Set<number>();
      for (const id of input.ids) {
        const row = await this.row(id, tx);
        if (row.status !== "Published") {
          throw ApiError.conflict(
            row.status === "Finalised"
              ? `Invoice ${row.invoiceNumber} is already finalised.`
              : `Invoice ${id} is a draft: publish it before finalising.`,
          );
        }
        await tx.update(invoices).set({
          status: "Finalised",
          finalisedAt: now,
          finalisedBy: this.who(),
          lastModified: nextModified(row.lastModified),
        }).where(eq(invoices.id, id));
        await recordAudit(tx, this.ctx, { entity: INVOICE_ENTITY, entityId: id, action: "Finalised" });
        orders.add(row.livestockOrderId);
      }
      for (const orderId of orders) await finaliseOrderIfDone(tx, orderId);
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: input.ids });
    return { ids: input.ids };
  }

  /** Delete a draft: its mobs go back to "to be created". */
  async deleteDraft(id: number, lastModified?: string | null) {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(id, tx);
      assertUnchanged(row, lastModified, "invoice");
      if (row.status !== "Draft") throw ApiError.conflict("Only a draft can be deleted: unpublish it first.");
      await tx.delete(invoices).where(eq(invoices.id, id));
      await recordAudit(tx, this.ctx, { entity: INVOICE_ENTITY, entityId: id, action: "Draft deleted" });
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: [id] });
    return { ids: [id] };
  }
}

/** The next RCTI number of the tenant: RCTI-000001 upwards. */
async function nextInvoiceNumber(tx: TenantTx): Promise<string> {
  const [{ n }] = await tx.select({
    n: sql<number | null>`max(cast(substr(${invoices.invoiceNumber}, 6) as integer))`,
  })
    .from(invoices).where(isNotNull(invoices.invoiceNumber));
  return `RCTI-${String((n ?? 0) + 1).padStart(6, "0")}`;
}

/** An order whose invoices are all final and has no killed mob left uninvoiced becomes InvoiceFinalised. */
async function finaliseOrderIfDone(tx: TenantTx, orderId: number) {
  const open = await tx.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.livestockOrderId, orderId), inArray(invoices.status, ["Draft", "Published"])));
  if (open.length) return;
  const invoiced = tx.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
  const left = await tx.select({ id: carcasses.id }).from(carcasses)
    .where(and(eq(carcasses.livestockOrderId, orderId), notInArray(carcasses.stockMobId, invoiced))).limit(1);
  if (left.length) return;
  await tx.update(livestockOrders).set({
    orderStatus: ORDER_STATUS.InvoiceFinalised,
    lastModified: nextModified(),
  }).where(eq(livestockOrders.id, orderId));
}
