/** Production planning › schedule builder: cut plans over the day's carcass groups, predicted products. */
import { defineArea } from "../../area.ts";
import { builderApi } from "./api.ts";
import { BUILDER_PAGES } from "./routes.ts";

export const builderArea = defineArea({
  name: "production planning › schedule builder",
  api: [builderApi],
  pages: BUILDER_PAGES,
});
