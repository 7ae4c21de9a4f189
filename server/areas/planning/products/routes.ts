import { definePages } from "../../../pages/screen.ts";
import { ProductDefinitionResolverScreen, ProductDefinitionsScreen } from "./pages/Products.tsx";
import {
  NewPackagingScreen,
  ProductDefinitionScreen,
  ProductMapScreen,
  ProductPackagingScreen,
} from "./pages/ProductDetail.tsx";
import { SettingsPackagingScreen } from "./pages/SettingsPackaging.tsx";

/** Production scheduling › Product definitions and Settings › Products (server/access/routes/*.ts). */
export const PRODUCT_PAGES = definePages({
  productdefinitions: ProductDefinitionsScreen,
  productDefinitionResolver: ProductDefinitionResolverScreen,
  productDefinitionUnmapped: ProductDefinitionResolverScreen,
  productdefinition: ProductDefinitionScreen,
  productdefinitionMap: ProductMapScreen,
  productdefinitionPackaging: ProductPackagingScreen,
  productdefinitionNewPackaging: NewPackagingScreen,
  settingsProducts: ProductDefinitionsScreen,
  settingsProductPackaging: SettingsPackagingScreen,
});
