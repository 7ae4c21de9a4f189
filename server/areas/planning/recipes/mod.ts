/** Production planning › recipes: recipes (a primal cut into products) and ingredients. */
import { defineArea } from "../../area.ts";
import { RECIPE_PAGES } from "./routes.ts";
import { recipesApi } from "./api.ts";

export const recipesArea = defineArea({
  name: "production planning › recipes",
  api: [recipesApi],
  pages: RECIPE_PAGES,
});
