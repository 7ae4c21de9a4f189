/** Invoicing settings API (levies, defect details, skin and hide prices): filled by issue 16. */
import { type ApiRouter, apiRouter } from "../../http/openapi.ts";

export const invoiceSettingsApi: ApiRouter = apiRouter();
