/** Super › app control: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { superControlApi } from "./api.ts";

export const superControlArea = defineArea({
  name: "super › app control",
  api: [superControlApi],
});
