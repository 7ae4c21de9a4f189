/** Integrations: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { integrationsApi } from "./api.ts";
import { INTEGRATION_PAGES } from "./routes.ts";

export const integrationsArea = defineArea({
  name: "integrations",
  api: [integrationsApi],
  pages: INTEGRATION_PAGES,
});
