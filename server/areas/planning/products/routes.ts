import { definePages } from "../../../pages/screen.ts";
import { ProductDefinitionResolverScreen, ProductDefinitionsScreen } from "./pages/Products.tsx";

/** Production scheduling › Product definitions (server/access/routes/production.ts). */
export const PRODUCT_PAGES = definePages({
  productdefinitions: ProductDefinitionsScreen,
  productDefinitionResolver: ProductDefinitionResolverScreen,
});
