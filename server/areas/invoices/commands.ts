/**
 * InvoiceCommands: the invoice lifecycle (spec 2 §4): create or add to invoices from killed mobs or
 * orders, compute, edit a draft (due date, levies, additional line items, pricing adjustments), publish
 * (one or all; the document is frozen and numbered), unpublish, update a published invoice's supplier
 * reference and due date, finalise (the order becomes InvoiceFinalised; read-only from then), delete a
 * draft. Each write is one transaction, audited, checked for staleness, and announced after commit.
 */
import { and, eq, inArray, max, notInArray, or, sql } from "drizzle-orm";
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
import { addDays } from "../../../kernel/dates.ts";
import { toCents } from "../../../kernel/money.ts";
import { ORDER_STATUS } from "../../../kernel/enums.ts";
import { type InvoiceRow, invoiceRow, loadSources } from "./inputs.ts";
import { InvoiceQueries, storeComputation } from "./queries.ts";
import { StorageService } from "../storage/service.ts";
import type {
  AdjustmentBody,
  CreateInvoicesBody,
  LineItemBody,
  RemoveAdjustmentBody,
  UpdateInvoiceBody,
} from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

export const INVOICE_ENTITY = "ReciprocalInvoice";
/** Days from the production day to the default due date (docs/decisions.md "Invoices and skins"). */
export const PAYMENT_TERMS_DAYS = 7;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export class InvoiceCommands extends InvoiceQueries {
  /**
   * UploadPublishedReport: a signed or stamped copy of a published (or finalised) invoice's PDF is kept in
   * place of the rendered one; downloads give it from then on. The frozen document does not change. The
   * PDF streams into the blob store (checked and limited by the caller's stream).
   */
  /** `publishedAt`: the upload's PublishDate (a day or an instant), else now. */
  async attachPublishedReport(id: number, content: ReadableStream<Uint8Array>, publishedAt?: string | null) {
    const row = await this.row(id).catch(async (error) => {
      await content.cancel();
      throw error;
    });
    if (row.status === "Draft") {
      await content.cancel();
      throw ApiError.conflict("Publish the invoice first: only a published invoice keeps its PDF.");
    }
    const at = publishedAt ?? new Date().toISOString();
    const { key: ref, size } = await new StorageService(this.ctx).storePublishedStream(
      "invoices",
      id,
      at,
      content,
    );
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(invoices).set({ publishedReportRef: ref, lastModified: nextModified(row.lastModified) })
        .where(eq(invoices.id, id));
      await recordAudit(tx, this.ctx, {
        entity: INVOICE_ENTITY,
        entityId: id,
        action: "Published PDF replaced by an upload",
      });
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "invoiceUpdated", { invoiceIds: [id] });
    return { invoiceId: id, bytes: size };
  }

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
          row = await insertDraft(tx, { ...order, id: orderId }, day, this.who(), now);
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
    await this.#draftChange(id, null, "Recomputed", () => Promise.resolve({}));
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

  protected who() {
    const u = this.ctx.caller.user;
    return `${u.firstName} ${u.lastName}`.trim() || u.email;
  }
}

export { invoiceRow };

/** A new draft for an order's mobs killed on `day` (due after the payment terms). */
export async function insertDraft(
  tx: TenantTx,
  order: { id: number; supplierId: number; speciesId: number; speciesCategoryId: number | null },
  day: string,
  who: string,
  at: string,
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values({
    livestockOrderId: order.id,
    supplierId: order.supplierId,
    speciesId: order.speciesId,
    speciesCategoryId: order.speciesCategoryId,
    productionDate: day,
    status: "Draft",
    dueDate: addDays(day, PAYMENT_TERMS_DAYS),
    createdBy: who,
    createdAt: at,
    lastModified: at,
  }).returning();
  return row;
}

/**
 * Drafts whose inputs changed elsewhere (a levy, a defect rule, a skin price or count): their computed
 * figures are cleared so the next read recomputes them, silently (they are not "with corrections").
 * Returns their ids; the caller announces invoiceUpdated after its commit.
 */
export async function recomputeDrafts(
  tx: TenantTx,
  scope: { speciesIds?: number[]; speciesCategoryIds?: number[]; livestockOrderIds?: number[] },
): Promise<number[]> {
  const filters = [
    scope.speciesIds && inArray(invoices.speciesId, scope.speciesIds),
    scope.speciesCategoryIds && inArray(invoices.speciesCategoryId, scope.speciesCategoryIds),
    scope.livestockOrderIds && inArray(invoices.livestockOrderId, scope.livestockOrderIds),
  ].filter((f) => f !== undefined);
  const rows = await tx.update(invoices).set({ computedAt: null })
    .where(and(eq(invoices.status, "Draft"), ...filters))
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}
