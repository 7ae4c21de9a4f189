/** Super › tenants: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { superTenantsApi } from "./api.ts";

export const superTenantsArea = defineArea({
  name: "super › tenants",
  api: [superTenantsApi],
});
