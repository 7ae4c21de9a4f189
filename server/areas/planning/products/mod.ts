/** Production planning › product definitions: products, their code mapping and packaging. */
import { defineArea } from "../../area.ts";
import { productsApi } from "./api.ts";

export const productsArea = defineArea({
  name: "production planning › products",
  api: [productsApi],
});
