/**
 * api/ReciprocalInvoices/…: the invoice manager's lists, one invoice, and every step of its lifecycle
 * (spec 2 §7.1). Whoever can open the invoice manager may call them, for the species of their invoicing
 * setting (403 for another species). The reports (levy, feedback sheets, invoice report) are in
 * reports/api.ts.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { okJson } from "../../http/openapi.ts";
import { areaApi } from "../areaApi.ts";
import { areaContextOf } from "../context.ts";
import { askedPeriod, periodOf } from "./period.ts";
import { INVOICES_API as P } from "./paths.ts";
import { createdInvoices, invoicesOfOrder, publishedInvoices, toBeCreated } from "./queries/lists.ts";
import { invoiceView } from "./queries/invoice.ts";
import { createFromLots } from "./operations/createFromLots.ts";
import { recalculate } from "./operations/recalculate.ts";
import { editDraft } from "./operations/editDraft.ts";
import { updatePublished } from "./operations/updatePublished.ts";
import { removeAdjustment, setAdjustment } from "./operations/priceAdjustments.ts";
import { deleteLineItem, saveLineItem } from "./operations/editLines.ts";
import { publish, publishAll } from "./operations/publish.ts";
import { unpublish } from "./operations/unpublish.ts";
import { finalise } from "./operations/finalise.ts";
import { deleteDraft } from "./operations/deleteDraft.ts";
import { remittancePdf } from "./operations/remittancePdf.ts";
import { emailRemittance } from "./operations/emailRemittance.ts";
import {
  AdjustmentBody,
  ComputeBody,
  CreatedInvoices,
  CreateInvoicesBody,
  DeleteDraftBody,
  EmailRemittanceBody,
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
  RemittanceEmail,
  RemoveAdjustmentBody,
  SpeciesQuery,
  ToBeCreated,
  UpdateInvoiceBody,
  UpdatePublishedBody,
} from "./schemas.ts";

const MANAGER: AccessRule = { pages: ["invoicemanager"] };
const api = areaApi(["Reciprocal invoices"]);

api.get(
  P.toBeCreated,
  "Orders with killed mobs not yet on an invoice, by species",
  { query: SpeciesQuery },
  z.array(ToBeCreated),
  MANAGER,
  (ctx, q) => toBeCreated(ctx, q.speciesId),
);

api.get(
  P.created,
  "Draft invoices of a species (those with kill floor corrections flagged)",
  { query: SpeciesQuery },
  z.array(InvoiceSummary),
  MANAGER,
  (ctx, q) => createdInvoices(ctx, q.speciesId),
);

api.get(
  P.published,
  "Published and finalised invoices of a species, published within a period (default the last 14 days; at most a year)",
  { query: PublishedQuery },
  z.array(InvoiceSummary),
  MANAGER,
  (ctx, q) => {
    const { from, to } = askedPeriod(q, ctx.today, 14);
    return publishedInvoices(ctx, q.speciesId, ...periodOf(from, to));
  },
);

api.get(
  P.invoice,
  "One invoice with its document, edits and what may be done with it",
  { params: InvoiceIdParam },
  InvoiceView,
  MANAGER,
  (ctx, { id }) => invoiceView(ctx, id),
);

api.get(
  P.byOrder,
  "The invoices of an order",
  { query: OrderQuery },
  z.array(InvoiceSummary),
  MANAGER,
  (ctx, q) => invoicesOfOrder(ctx, q.livestockOrderId),
);

api.post(
  P.createOrAdd,
  "Create invoices from killed mobs or whole orders, or add them to their order's draft; answers the invoices and the mobs taken",
  CreateInvoicesBody,
  CreatedInvoices,
  MANAGER,
  createFromLots,
);

api.post(
  P.compute,
  "Recompute a draft from the current carcass data and settings",
  ComputeBody,
  InvoiceView,
  MANAGER,
  (ctx, b) => recalculate(ctx, b.id),
);

api.post(
  P.update,
  "A draft's due date, and whether its levies are taken off",
  UpdateInvoiceBody,
  InvoiceView,
  MANAGER,
  editDraft,
);

api.post(
  P.updatePublished,
  "A published invoice's supplier reference and due date",
  UpdatePublishedBody,
  InvoiceView,
  MANAGER,
  updatePublished,
);

api.post(
  P.upsertAdjustment,
  "Add or change the pricing adjustment of a carcass line (± $ per unit, with a reason)",
  AdjustmentBody,
  InvoiceView,
  MANAGER,
  setAdjustment,
);

api.post(
  P.removeAdjustment,
  "Remove a carcass line's pricing adjustment",
  RemoveAdjustmentBody,
  InvoiceView,
  MANAGER,
  removeAdjustment,
);

api.post(
  P.upsertLineItem,
  "Add or change an additional line item (quantity × $ per unit; negative for a deduction)",
  LineItemBody,
  InvoiceView,
  MANAGER,
  saveLineItem,
);

// a DELETE with a query: the forms above have none
api.route(
  {
    method: "delete",
    path: P.deleteLineItem,
    summary: "Delete an additional line item of a draft",
    access: MANAGER,
    request: { query: LineItemQuery },
    responses: okJson(InvoiceView),
  },
  async (c) => {
    const { reciprocalInvoiceLineItemId } = LineItemQuery.parse(c.req.query());
    return c.json(await deleteLineItem(await areaContextOf(c), reciprocalInvoiceLineItemId), 200);
  },
);

api.post(
  P.publish,
  "Publish one draft: recomputed, checked, numbered and frozen (409 with the reasons when it cannot be)",
  PublishBody,
  InvoiceView,
  MANAGER,
  (ctx, b) => publish(ctx, b.id, b.lastModified),
);

api.post(
  P.publishAll,
  "Publish every publishable draft of a species; the others are answered with their reasons",
  PublishAllBody,
  PublishAllAnswer,
  MANAGER,
  publishAll,
);

api.post(
  P.unpublish,
  "Unpublish one or many invoices (all or none): back to drafts, keeping their numbers",
  IdsBody,
  IdsAnswer,
  MANAGER,
  unpublish,
);

api.post(
  P.finalise,
  "Finalise published invoices (read-only from then); an order with nothing open becomes Invoice finalised",
  IdsBody,
  IdsAnswer,
  MANAGER,
  finalise,
);

api.post(
  P.deleteDraft,
  "Delete a draft: its mobs return to the invoices to be created",
  DeleteDraftBody,
  IdsAnswer,
  MANAGER,
  (ctx, b) => deleteDraft(ctx, b.id, b.lastModified),
);

api.post(
  P.emailRemittance,
  "Email a published invoice's remittance advice (its RCTI as PDF) to the supplier's contact address, replies to the organisation's accounts address; 400 in words without an address, 409 for a draft, 503 when the mail server does not take it",
  EmailRemittanceBody,
  RemittanceEmail,
  MANAGER,
  emailRemittance,
);

api.file(
  P.remittancePdf,
  "The remittance advice / recipient-created tax invoice as PDF: the stored document of the last publish, or a draft rendered now",
  { params: InvoiceIdParam },
  "pdf",
  MANAGER,
  (ctx, { id }) => remittancePdf(ctx, id),
);

export const invoicesApi = api.router();
