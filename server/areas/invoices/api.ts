/**
 * api/ReciprocalInvoices/…: the invoice manager's lists, one invoice, and every step of its lifecycle
 * (spec 2 §7.1). Whoever can open the invoice manager may call them, for the species of their invoicing
 * setting (403 for another species). The reports (levy, feedback sheets, invoice report) are in
 * reports/api.ts.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, areaRoutes, okJson } from "../../http/openapi.ts";
import { fileAnswer, fileRoute } from "../../http/files.ts";
import { apiService } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { InvoiceLifecycle } from "./lifecycle.ts";
import { INVOICES_API as P } from "./paths.ts";
import {
  AdjustmentBody,
  ComputeBody,
  CreatedInvoices,
  CreateInvoicesBody,
  DeleteDraftBody,
  IdsAnswer,
  IdsBody,
  InvoiceIdParam,
  InvoiceSummary,
  InvoiceView,
  LineItemBody,
  LineItemQuery,
  OrderQuery,
  PublishAllAnswer,
  PublishAllBody,
  PublishBody,
  PublishedQuery,
  RemoveAdjustmentBody,
  SpeciesQuery,
  ToBeCreated,
  UpdateInvoiceBody,
  UpdatePublishedBody,
} from "./schemas.ts";

const tags = ["Reciprocal invoices"];
const { get, post } = areaRoutes(tags);
const MANAGER: AccessRule = { pages: ["invoicemanager"] };
const invoices = (c: Context<AppEnv>) => apiService(c, InvoiceLifecycle);

export const invoicesApi: ApiRouter = apiRouter()
  .openapi(
    get(
      P.toBeCreated,
      "Orders with killed mobs not yet on an invoice, by species",
      { query: SpeciesQuery },
      z.array(ToBeCreated),
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).toBeCreated(c.req.valid("query").speciesId), 200),
  )
  .openapi(
    get(
      P.created,
      "Draft invoices of a species (those with kill floor corrections flagged)",
      { query: SpeciesQuery },
      z.array(InvoiceSummary),
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).created(c.req.valid("query").speciesId), 200),
  )
  .openapi(
    get(
      P.published,
      "Published and finalised invoices of a species, published within a period (default the last 14 days; at most a year)",
      { query: PublishedQuery },
      z.array(InvoiceSummary),
      MANAGER,
    ),
    async (c) => {
      const service = await invoices(c);
      const q = c.req.valid("query");
      const to = q.toDate ?? service.today;
      const from = q.fromDate ?? addDays(to, -14);
      return c.json(await service.published(q.speciesId, ...periodOf(from, to)), 200);
    },
  )
  .openapi(
    get(
      P.invoice,
      "One invoice with its document, edits and what may be done with it",
      { params: InvoiceIdParam },
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).view(c.req.valid("param").id), 200),
  )
  .openapi(
    get(P.byOrder, "The invoices of an order", { query: OrderQuery }, z.array(InvoiceSummary), MANAGER),
    async (c) => c.json(await (await invoices(c)).ofOrder(c.req.valid("query").livestockOrderId), 200),
  )
  .openapi(
    post(
      P.createOrAdd,
      "Create invoices from killed mobs or whole orders, or add them to their order's draft; answers the invoices and the mobs taken",
      CreateInvoicesBody,
      CreatedInvoices,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).createOrAdd(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.compute,
      "Recompute a draft from the current carcass data and settings",
      ComputeBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).compute(c.req.valid("json").id), 200),
  )
  .openapi(
    post(
      P.update,
      "A draft's due date, and whether its levies are taken off",
      UpdateInvoiceBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).update(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.updatePublished,
      "A published invoice's supplier reference and due date",
      UpdatePublishedBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).updatePublished(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.upsertAdjustment,
      "Add or change the pricing adjustment of a carcass line (± $ per unit, with a reason)",
      AdjustmentBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).setAdjustment(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.removeAdjustment,
      "Remove a carcass line's pricing adjustment",
      RemoveAdjustmentBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).removeAdjustment(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.upsertLineItem,
      "Add or change an additional line item (quantity × $ per unit; negative for a deduction)",
      LineItemBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).upsertLineItem(c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      path: P.deleteLineItem,
      tags,
      summary: "Delete an additional line item of a draft",
      access: MANAGER,
      request: { query: LineItemQuery },
      responses: okJson(InvoiceView),
    }),
    async (c) =>
      c.json(await (await invoices(c)).deleteLineItem(c.req.valid("query").reciprocalInvoiceLineItemId), 200),
  )
  .openapi(
    post(
      P.publish,
      "Publish one draft: recomputed, checked, numbered and frozen (409 with the reasons when it cannot be)",
      PublishBody,
      InvoiceView,
      MANAGER,
    ),
    async (c) => {
      const b = c.req.valid("json");
      return c.json(await (await invoices(c)).publish(b.id, b.lastModified), 200);
    },
  )
  .openapi(
    post(
      P.publishAll,
      "Publish every publishable draft of a species; the others are answered with their reasons",
      PublishAllBody,
      PublishAllAnswer,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).publishAll(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.unpublish,
      "Unpublish one or many invoices (all or none): back to drafts, keeping their numbers",
      IdsBody,
      IdsAnswer,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).unpublish(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.finalise,
      "Finalise published invoices (read-only from then); an order with nothing open becomes Invoice finalised",
      IdsBody,
      IdsAnswer,
      MANAGER,
    ),
    async (c) => c.json(await (await invoices(c)).finalise(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      P.deleteDraft,
      "Delete a draft: its mobs return to the invoices to be created",
      DeleteDraftBody,
      IdsAnswer,
      MANAGER,
    ),
    async (c) => {
      const b = c.req.valid("json");
      return c.json(await (await invoices(c)).deleteDraft(b.id, b.lastModified), 200);
    },
  )
  .openapi(
    fileRoute({
      path: P.remittancePdf,
      tags,
      summary:
        "The remittance advice / recipient-created tax invoice as PDF: the stored document of the last publish, or a draft rendered now",
      access: MANAGER,
      request: { params: InvoiceIdParam },
      type: "pdf",
    }),
    async (c) => {
      const { bytes, name } = await (await invoices(c)).remittancePdf(c.req.valid("param").id);
      return fileAnswer(bytes, "pdf", name);
    },
  );

/** A period of at most a year, in order. */
function periodOf(from: string, to: string): [string, string] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return [a < addDays(b, -366) ? addDays(b, -366) : a, b];
}
