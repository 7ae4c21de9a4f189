import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { idParam } from "../../../http/params.ts";
import {
  deleteRecipe,
  getRecipe,
  listIngredients,
  listRecipes,
  saveRecipe,
  setIngredients,
} from "./operations.ts";
import {
  DeleteBody,
  IdParam,
  Ingredient,
  Recipe,
  RecipesQuery,
  SetIngredientsBody,
  UpsertRecipeBody,
} from "./schemas.ts";

export const RECIPES_API = {
  upsert: "/api/planning/UpsertRecipe",
  delete: "/api/planning/DeleteRecipe",
  setIngredients: "/api/planning/SetIngredients",
} as const;

const READ: AccessRule = { pages: ["recipes", "schedulebuilder"] };
const WRITE: AccessRule = { pages: ["recipes"], edit: "recipe" };

const api = areaApi(["Planning: recipes"]);

api.get(
  "/api/planning/Recipes",
  "Recipes of your species (optionally one species or primal), with their lines",
  { query: RecipesQuery },
  z.array(Recipe),
  READ,
  listRecipes,
);
api.get(
  "/api/planning/Recipe/{id}",
  "One recipe",
  { params: IdParam },
  Recipe,
  READ,
  (ctx, { id }) => getRecipe(ctx, id),
);
api.post(
  RECIPES_API.upsert,
  "Add or edit a recipe: product lines (yield % of the primal) with trim, fat, bone and loss summing to 100 % (400 otherwise)",
  UpsertRecipeBody,
  Recipe,
  WRITE,
  saveRecipe,
);
api.post(
  RECIPES_API.delete,
  "Delete a recipe",
  DeleteBody,
  z.object({ id: z.number() }),
  WRITE,
  deleteRecipe,
);
api.get(
  "/api/planning/Ingredients/{speciesId}",
  "The primals a carcass of the species gives: how many, and whether repeatable",
  { params: idParam("speciesId") },
  z.array(Ingredient),
  READ,
  (ctx, { speciesId }) => listIngredients(ctx, speciesId),
);
api.post(
  RECIPES_API.setIngredients,
  "Set how many of each primal a carcass gives and whether it is repeatable",
  SetIngredientsBody,
  z.array(Ingredient),
  WRITE,
  setIngredients,
);

export const recipesApi = api.router();
