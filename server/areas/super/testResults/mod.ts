/** Super › test results: the area's record (server/areas/area.ts). Its viewer sits on the testing home. */
import { defineArea } from "../../area.ts";
import { superTestResultsApi } from "./api.ts";

export const superTestResultsArea = defineArea({
  name: "super › test results",
  api: [superTestResultsApi],
});
