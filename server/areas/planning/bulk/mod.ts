/** Production planning › bulk operations (issue 41 item 8): preview, then one audited transaction. */
import { defineArea } from "../../area.ts";
import { bulkApi } from "./api.ts";
import { BULK_PAGES } from "./routes.ts";

export const bulkArea = defineArea({
  name: "production planning › bulk operations",
  api: [bulkApi],
  pages: BULK_PAGES,
});
