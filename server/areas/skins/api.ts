/** Skin grading API: filled by issue 16. */
import { type ApiRouter, apiRouter } from "../../http/openapi.ts";

export const skinsApi: ApiRouter = apiRouter();
