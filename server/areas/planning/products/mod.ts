/** Production planning › product definitions: products, their code mapping and packaging. */
import { defineArea } from "../../area.ts";
import { PRODUCT_PAGES } from "./routes.ts";
import { productsApi } from "./api.ts";
import { seedPlanningCatalogue } from "../catalogueSeed.ts";

export const productsArea = defineArea({
  name: "production planning › products",
  api: [productsApi],
  pages: PRODUCT_PAGES,
  // the whole catalogue (products, specifications, recipes, orders) in one go: they refer to each other
  seed: seedPlanningCatalogue,
  seedsAfter: ["yield › data"],
});
