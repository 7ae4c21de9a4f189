/** The reciprocal invoices API's paths (spec 2 §7.1): one spelling for routes, pages and islands. */
const base = "/api/ReciprocalInvoices";
export const INVOICES_API = {
  toBeCreated: `${base}/GetToBeInvoiced`,
  created: `${base}/GetCreatedInvoices`,
  published: `${base}/GetPublishedInvoices`,
  invoice: `${base}/GetReciprocalInvoice/{id}`,
  byOrder: `${base}/GetInvoicesByOrderId`,
  createOrAdd: `${base}/CreateOrAddToLivestockInvoices`,
  compute: `${base}/Compute`,
  update: `${base}/Update`,
  updatePublished: `${base}/UpdatePublishedInvoice`,
  upsertAdjustment: `${base}/UpsertPricingAdjustment`,
  removeAdjustment: `${base}/RemovePricingAdjustment`,
  upsertLineItem: `${base}/UpsertAdditionalLineItem`,
  deleteLineItem: `${base}/DeleteAdditionalLineItem`,
  publish: `${base}/PublishInvoice`,
  publishAll: `${base}/PublishAllInvoices`,
  unpublish: `${base}/UnpublishInvoices`,
  finalise: `${base}/FinaliseInvoices`,
  deleteDraft: `${base}/DeleteDraftInvoice`,
  remittancePdf: `${base}/GetRemittancePdf/{id}`,
  emailRemittance: `${base}/EmailRemittance`,
} as const;

/** A path with its `{id}` filled in. */
export const withId = (path: string, id: number) => path.replace("{id}", String(id));
