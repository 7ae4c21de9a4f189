/** Super › demo data: the area's record (server/areas/area.ts). Its panel sits on the testing home. */
import { defineArea } from "../../area.ts";
import { superDemoDataApi } from "./api.ts";

export const superDemoDataArea = defineArea({
  name: "super › demo data",
  api: [superDemoDataApi],
});
