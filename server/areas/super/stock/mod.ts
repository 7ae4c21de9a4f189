/** Super › stock settings: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { superStockApi } from "./api.ts";

export const superStockArea = defineArea({
  name: "super › stock settings",
  api: [superStockApi],
});
