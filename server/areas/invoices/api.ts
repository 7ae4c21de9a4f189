/** api/ReciprocalInvoices/…: filled by issue 16. */
import { type ApiRouter, apiRouter } from "../../http/openapi.ts";

export const invoicesApi: ApiRouter = apiRouter();
