/**
 * Livestock › NVD matching (issue 39 item 5): the area's record (server/areas/area.ts). It owns
 * nvd_documents and reads the orders; the yard and the kill agenda read which orders hold an NVD.
 */
import { defineArea } from "../../area.ts";
import { NVD_BODY_LIMITS, nvdApi } from "./api.ts";
import { NVD_PAGES } from "./routes.ts";
import { seedNvds } from "./seed.ts";

export const nvdArea = defineArea({
  name: "NVD matching",
  api: [nvdApi],
  pages: NVD_PAGES,
  bodyLimits: NVD_BODY_LIMITS,
  seed: seedNvds,
  seedsAfter: ["livestock orders"],
});
