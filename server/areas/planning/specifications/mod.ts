/** Production planning › specifications: settings → Carcasses and Specifications (types, carcass types, cut rules). */
import { defineArea } from "../../area.ts";
import { SPECIFICATION_PAGES } from "./routes.ts";
import { specificationsApi } from "./api.ts";

export const specificationsArea = defineArea({
  name: "production planning › specifications",
  api: [specificationsApi],
  pages: SPECIFICATION_PAGES,
});
