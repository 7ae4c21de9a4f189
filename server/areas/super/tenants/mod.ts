/** Super › tenants: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_TENANT_PAGES } from "./routes.ts";
import { superTenantsApi } from "./api.ts";

export const superTenantsArea = defineArea({
  name: "super › tenants",
  api: [superTenantsApi],
  pages: SUPER_TENANT_PAGES,
});
