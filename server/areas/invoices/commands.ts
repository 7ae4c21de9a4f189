/**
 * InvoiceCommands: the invoice lifecycle (spec 2 §4): create or add to invoices from killed mobs or
 * orders, compute, edit a draft (due date, levies, additional line items, pricing adjustments), publish
 * (one or all; the document is frozen and numbered), unpublish, update a published invoice's supplier
 * reference and due date, finalise (the order becomes InvoiceFinalised; read-only from then), delete a
 * draft. Each write is one transaction, audited, checked for staleness, and announced after commit.
 */
import { and, eq, inArray, isNotNull, max, notInArray, or, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  carcasses,
  invoiceLineItems,
  invoiceMobs,
  invoicePriceAdjustments,
  invoices,
  livestockOrders,
} from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { recordAudit } from "../audit.ts";
import { addDays } from "../dates.ts";
import { toCents } from "../money.ts";
import { ORDER_STATUS } from "../livestock/enums.ts";
import { type InvoiceRow, invoiceRow, loadSources } from "./inputs.ts";
import { InvoiceQueries, storeComputation } from "./queries.ts";
import { remittancePdfOf, storePublishedPdfs } from "./publishing.ts";
import type {
  AdjustmentBody,
  CreateInvoicesBody,
  IdsBody,
  LineItemBody,
  PublishAllBody,
  RemoveAdjustmentBody,
  UpdateInvoiceBody,
  UpdatePublishedBody,
} from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

export const INVOICE_ENTITY = "ReciprocalInvoice";
/** Days from the production day to the default due date (docs/decisions.md "Invoices and skins"). */
export const PAYMENT_TERMS_DAYS = 7;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export class InvoiceCommands extends InvoiceQueries {
  /** CreateOrAddToLivestockInvoices: mobs (or all killed mobs of orders) onto their order's draft. */
  async createOrAdd(input: In<typeof CreateInvoicesBody>) {
    const now = new Date().toISOString();
    const result = await this.ctx.db.transaction(async (tx) => {
      const invoiced = tx.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
      const killed = await tx.select({
        mobId: carcasses.stockMobId,
        orderId: carcasses.livestockOrderId,
        speciesId: carcasses.speciesId,
        day: sql<string>`max(${carcasses.productionDate})`,
      }).from(carcasses).where(and(
        or(
          inArray(carcasses.stockMobId, input.stockMobIds),
          inArray(carcasses.livestockOrderId, input.livestockOrderIds),
        ),
        notInArray(carcasses.stockMobId, invoiced),
      )).groupBy(carcasses.stockMobId);
      const found = new Set(killed.map((k) => k.mobId));
      const missing = input.stockMobIds.filter((id) => !found.has(id));
      if (missing.length) {
        const onInvoice = await tx.select().from(invoiceMobs).where(inArray(invoiceMobs.stockMobId, missing));
        if (onInvoice.length) {
          throw ApiError.conflict(
            `Mob ${onInvoice[0].stockMobId} is already on invoice ${
              onInvoice[0].invoiceId
            }: reload the list.`,
          );
        }
        throw ApiError.validation([{
          field: "stockMobIds",
          message: `Mob ${missing[0]} has no carcass records: it cannot be invoiced yet.`,
        }]);
      }
      if (!killed.length) {
        throw ApiError.validation([{
          field: "livestockOrderIds",
          message: "Those orders have no killed mobs left to invoice.",
        }]);
      }
      for (const k of killed) this.invoiceSpecies(k.speciesId);
      const byOrder = new Map<number, typeof killed>();
      for (const k of killed) byOrder.set(k.orderId, [...(byOrder.get(k.orderId) ?? []), k]);
      const created: number[] = [];
      const updated: number[] = [];
      for (const [orderId, mobs] of byOrder) {
        const [order] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
        if (order.orderStatus === ORDER_STATUS.InvoiceFinalised) {
          throw ApiError.conflict(`Order ${orderId} is already finalised: its invoices cannot change.`);
        }
        const [draft] = await tx.select().from(invoices)
          .where(and(eq(invoices.livestockOrderId, orderId), eq(invoices.status, "Draft"))).limit(1);
        const day = mobs.reduce((d, m) => (m.day > d ? m.day : d), "");
        let row: InvoiceRow;
        if (draft) {
          [row] = await tx.update(invoices).set({ lastModified: nextModified(draft.lastModified) })
            .where(eq(invoices.id, draft.id)).returning();
          updated.push(row.id);
        } else {
          [row] = await tx.insert(invoices).values({
            livestockOrderId: orderId,
            supplierId: order.supplierId,
            speciesId: order.speciesId,
            speciesCategoryId: order.speciesCategoryId,
            productionDate: day,
            status: "Draft",
            dueDate: addDays(day, PAYMENT_TERMS_DAYS),
            createdBy: this.#who(),
            createdAt: now,
            lastModified: now,
          }).returning();
          created.push(row.id);
        }
        await tx.insert(invoiceMobs).values(mobs.map((m) => ({ stockMobId: m.mobId, invoiceId: row.id })));
        await storeComputation(tx, row, await loadSources(tx, row));
        await recordAudit(tx, this.ctx, {
          entity: INVOICE_ENTITY,
          entityId: row.id,
          action: `${draft ? "Added" : "Created with"} ${plural(mobs.length, "mob")} of order ${orderId}`,
          after: { stockMobIds: mobs.map((m) => m.mobId) },
        });
      }
      return { created, updated, stockMobIds: killed.map((k) => k.mobId) };
    });
    if (result.created.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceCreated", { invoiceIds: result.created });
    }
    if (result.updated.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: result.updated });
    }
    const ids = [...result.created, ...result.updated];
    const summaries = (await this.created((await this.#speciesOf(ids))[0] ?? null)).filter((s) =>
      ids.includes(s.id)
    );
    return { livestockInvoiceSummaryDtos: summaries, stockMobIds: result.stockMobIds };
  }

  /** Compute: recompute a draft from the current carcass data and settings (clears "with corrections"). */
  async compute(id: number) {
    await this.#draftChange(id, null, "Recomputed", async () => ({}));
    return await this.view(id);
  }

  /** Update: a draft's due date and whether its levies are taken off. */
  async update(input: In<typeof UpdateInvoiceBody>) {
    const { id, lastModified, invoiceDueDate, leviesRemoved } = input;
    await this.#draftChange(id, lastModified, "Edited", async (tx, row) => {
      const change: Partial<InvoiceRow> = {};
      if (invoiceDueDate !== undefined) change.dueDate = invoiceDueDate;
      if (leviesRemoved !== undefined) change.leviesRemoved = leviesRemoved;
      await tx.update(invoices).set(change).where(eq(invoices.id, row.id));
      return { before: { dueDate: row.dueDate, leviesRemoved: row.leviesRemoved }, after: change };
    });
    return await this.view(id);
  }

  /** Additional line item add or update (quantity × price per unit; a negative price is a deduction). */
  async upsertLineItem(input: In<typeof LineItemBody>) {
    const { invoiceId, lastModified, reciprocalInvoiceLineItemId: lineId, ...line } = input;
    const values = {
      description: line.description,
      quantity: line.quantity,
      pricePerUnitCents: toCents(line.pricePerUnit),
      isApplyGst: line.isApplyGst,
    };
    await this.#draftChange(
      invoiceId,
      lastModified,
      lineId ? "Line item changed" : "Line item added",
      async (tx) => {
        const now = new Date().toISOString();
        if (lineId) {
          const done = await tx.update(invoiceLineItems).set({ ...values, lastModified: now })
            .where(and(eq(invoiceLineItems.id, lineId), eq(invoiceLineItems.invoiceId, invoiceId)))
            .returning();
          if (!done.length) throw ApiError.notFound("That line item is not on this invoice.");
        } else {
          const [{ n }] = await tx.select({ n: max(invoiceLineItems.sort) }).from(invoiceLineItems)
            .where(eq(invoiceLineItems.invoiceId, invoiceId));
          await tx.insert(invoiceLineItems).values({
            invoiceId,
            ...values,
            sort: (n ?? 0) + 1,
            createdAt: now,
            lastModified: now,
          });
        }
        return { after: values };
      },
    );
    return await this.view(invoiceId);
  }

  /** Additional line item delete. */
  async deleteLineItem(lineId: number) {
    const [line] = await this.ctx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.id, lineId));
    if (!line) throw ApiError.notFound("That line item does not exist.");
    await this.#draftChange(line.invoiceId, null, "Line item removed", async (tx) => {
      await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineId));
      return {
        before: {
          description: line.description,
          quantity: line.quantity,
          pricePerUnitCents: line.pricePerUnitCents,
        },
      };
    });
    return await this.view(line.invoiceId);
  }

  /** Pricing adjustment add or edit on one carcass line (± dollars per unit, with a reason). */
  async setAdjustment(input: In<typeof AdjustmentBody>) {
    const { invoiceId, lastModified, lineKey, adjustmentPerUnit, reason } = input;
    const cents = toCents(adjustmentPerUnit);
    await this.#draftChange(invoiceId, lastModified, "Pricing adjustment", async (tx, row) => {
      const lines = (await this.buildDocumentFor(tx, row)).computation.carcassLines;
      if (!lines.some((l) => l.key === lineKey)) {
        throw ApiError.validation([{
          field: "lineKey",
          message: "That carcass line is not on this invoice.",
        }]);
      }
      const now = new Date().toISOString();
      await tx.insert(invoicePriceAdjustments).values({
        invoiceId,
        lineKey,
        centsPerUnit: cents,
        reason,
        createdAt: now,
        lastModified: now,
      }).onConflictDoUpdate({
        target: [invoicePriceAdjustments.invoiceId, invoicePriceAdjustments.lineKey],
        set: { centsPerUnit: cents, reason, lastModified: now },
      });
      return { after: { lineKey, centsPerUnit: cents }, reason };
    });
    return await this.view(invoiceId);
  }

  async removeAdjustment(input: In<typeof RemoveAdjustmentBody>) {
    const { invoiceId, lastModified, lineKey } = input;
    await this.#draftChange(invoiceId, lastModified, "Pricing adjustment removed", async (tx) => {
      const gone = await tx.delete(invoicePriceAdjustments).where(and(
        eq(invoicePriceAdjustments.invoiceId, invoiceId),
        eq(invoicePriceAdjustments.lineKey, lineKey),
      )).returning();
      if (!gone.length) throw ApiError.notFound("That line has no pricing adjustment.");
      return { before: { lineKey, centsPerUnit: gone[0].centsPerUnit } };
    });
    return await this.view(invoiceId);
  }

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
    await storePublishedPdfs(this.ctx, (i) => this.document(i), done);
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
          publishedBy: this.#who(),
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
          finalisedBy: this.#who(),
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

  /** The document of a row inside a transaction (for checks against its current lines). */
  protected async buildDocumentFor(tx: TenantTx, row: InvoiceRow) {
    const sources = await loadSources(tx, row);
    return { computation: (await storeComputation(tx, row, sources)).computation };
  }

  /** A change to a draft: checked, applied, recomputed, stamped and audited in one transaction. */
  async #draftChange(
    id: number,
    lastModified: string | null | undefined,
    action: string,
    apply: (tx: TenantTx, row: InvoiceRow) => Promise<{ before?: unknown; after?: unknown; reason?: string }>,
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.row(id, tx);
      assertUnchanged(row, lastModified, "invoice");
      if (row.status !== "Draft") {
        throw ApiError.conflict(
          row.status === "Finalised"
            ? "This invoice is finalised: it cannot change."
            : "This invoice is published: unpublish it to change it (the supplier reference and due date can be updated).",
        );
      }
      const audit = await apply(tx, row);
      const [stamped] = await tx.update(invoices).set({ lastModified: nextModified(row.lastModified) })
        .where(eq(invoices.id, id)).returning();
      await storeComputation(tx, stamped, await loadSources(tx, stamped));
      await recordAudit(tx, this.ctx, { entity: INVOICE_ENTITY, entityId: id, action, ...audit });
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: [id] });
  }

  async #speciesOf(ids: number[]) {
    return ids.length
      ? (await this.ctx.db.select({ s: invoices.speciesId }).from(invoices).where(inArray(invoices.id, ids)))
        .map((r) => r.s)
      : [];
  }

  #who() {
    const u = this.ctx.caller.user;
    return `${u.firstName} ${u.lastName}`.trim() || u.email;
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

export { invoiceRow };
