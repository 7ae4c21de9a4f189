/** Invoice reports API (levy report, feedback sheets, invoice report): filled by issue 16. */
import { type ApiRouter, apiRouter } from "../../../http/openapi.ts";

export const invoiceReportsApi: ApiRouter = apiRouter();
