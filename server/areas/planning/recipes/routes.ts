import { definePages } from "../../../pages/screen.ts";
import { IngredientScreen } from "./pages/Ingredients.tsx";
import { RecipeEditorScreen, RecipesScreen } from "./pages/Recipes.tsx";

/** Production scheduling › Recipes (server/access/routes/production.ts). */
export const RECIPE_PAGES = definePages({
  recipes: RecipesScreen,
  recipeEditor: RecipeEditorScreen,
  ingredient: IngredientScreen,
});
