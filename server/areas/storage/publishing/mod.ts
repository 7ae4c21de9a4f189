/** Storage › publishing: published reports (the invoices' kept PDFs); the area's record. */
import { defineArea } from "../../area.ts";
import { PUBLISHING_BODY_LIMITS, publishingApi } from "./api.ts";

export const publishingArea = defineArea({
  name: "storage › publishing",
  api: [publishingApi],
  bodyLimits: PUBLISHING_BODY_LIMITS,
});
