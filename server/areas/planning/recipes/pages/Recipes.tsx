/**
 * Recipes (issue 41 item 3): the header species' recipes by primal, and the recipe editor (the data form
 * island): name, trim, fat, bone and loss, and product lines; the server checks the 100 % and the form
 * shows its answer. Read-only without the recipes admin flag.
 */
import { Fragment } from "react";
import { namedOptions } from "../../../../pages/scopeFields.ts";
import { canEditEntity } from "../../../../access/flags.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { EditPanel } from "../../editPanel.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { NoSpecies } from "../../noSpecies.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { listProductDefinitions } from "../../products/operations.ts";
import { segmentsAt } from "../../specifications/operations.ts";
import { RECIPES_API } from "../api.ts";
import { listRecipes } from "../operations.ts";
import { RecipeCost, recipeCost, RecipeCostSearch } from "./RecipeCost.tsx";

/** Blank line rows the editor offers beyond the recipe's own. */
const SPARE_ROWS = 2;
export const RECIPE_PATHS = {
  list: "/productionscheduling/recipes",
  editor: (primalId: number, recipeId: number | "new") =>
    `/productionscheduling/recipeEditor/${primalId}/${recipeId}`,
  /** every primal of the species ("0": none picked out) */
  ingredients: (speciesId: number) => `/productionscheduling/ingredient/${speciesId}/0/0`,
};
const pct = (n: number) => `${Math.round(n * 100) / 100} %`;

export const RecipesScreen = defineScreen({
  loader: async ({ context }) => {
    const species = headerSpeciesAmong(context, context.caller!.species);
    if (!species) return null;
    const ctx = await pageAreaContext(context);
    const [recipes, primals] = await Promise.all([
      listRecipes(ctx, { speciesId: species.id }),
      segmentsAt(ctx, "primal", { speciesId: species.id }),
    ]);
    return { species, recipes, primals };
  },
  component: ({ data }) => {
    if (!data) return <NoSpecies />;
    return (
      <>
        <section className="panel" aria-label="Ingredients">
          <div className="panel-head">
            <h2>{data.species.name} ingredients</h2>
            <a className="btn" href={RECIPE_PATHS.ingredients(data.species.id)}>Ingredients</a>
          </div>
          <p className="muted small">How many of each primal a carcass gives, and which can be cut again.</p>
        </section>
        {data.primals.map((p) => (
          <section key={p.id} className="panel" aria-label={`${p.name} recipes`}>
            <div className="panel-head">
              <h2>{data.species.name} {p.name.toLowerCase()}</h2>
              <a className="btn" href={RECIPE_PATHS.editor(p.id, "new")}>New {p.name.toLowerCase()} recipe</a>
            </div>
            <Table
              rows={data.recipes.filter((r) => r.primalId === p.id)}
              rowKey={(r) => r.id}
              empty="No recipes for this primal yet."
              columns={[
                { header: "Recipe", cell: (r) => <a href={RECIPE_PATHS.editor(p.id, r.id)}>{r.name}</a> },
                {
                  header: "Products",
                  cell: (r) => r.lines.map((l) => `${l.productName} ${pct(l.yieldPercent)}`).join("; "),
                },
                {
                  header: "Trim / fat / bone / loss",
                  // each share stays whole ("2 %" never splits), the line wraps at the slashes
                  cell: (r) =>
                    [r.trimPercent, r.fatPercent, r.bonePercent, r.lossPercent].map((n, i) => (
                      <Fragment key={i}>
                        {i ? " / " : ""}
                        <span className="nowrap">{pct(n)}</span>
                      </Fragment>
                    )),
                },
              ]}
            />
          </section>
        ))}
      </>
    );
  },
});

export const RecipeEditorScreen = defineScreen({
  validateSearch: RecipeCostSearch,
  loader: async ({ context, params, search }) => {
    const primalId = Number(params.primalCutId);
    const ctx = await pageAreaContext(context);
    const primal = (await segmentsAt(ctx, "primal")).find((s) => s.id === primalId);
    if (!primal) throw ApiError.notFound("That primal does not exist.");
    const recipes = await listRecipes(ctx, { speciesId: primal.speciesId, primalId });
    const recipe = params.recipeId === "new" ? null : recipes.find((r) => r.id === Number(params.recipeId));
    if (params.recipeId !== "new" && !recipe) throw ApiError.notFound("That recipe does not exist.");
    const products = await listProductDefinitions(ctx, { speciesId: primal.speciesId });
    const names = new Map(products.map((p) => [p.id, p.name]));
    return {
      primal,
      recipe: recipe ?? null,
      products,
      cost: recipe ? await recipeCost(ctx, recipe, primal.speciesId, names, search) : null,
      canEdit: canEditEntity(context.caller!.subject, "recipe"),
    };
  },
  component: ({ data }) => {
    const { primal, recipe, products } = data;
    const rows = (recipe?.lines.length ?? 0) + SPARE_ROWS;
    const options = namedOptions(products);
    const lineFields = Array.from({ length: rows }, (_, i): FieldSpec[] => [
      {
        name: `lines.${i}.productDefinitionId`,
        label: `Product ${i + 1}`,
        type: "select",
        valueType: "number",
        options,
        ...(i === 0 ? { section: "Products (yield % of the primal)" } : {}),
      },
      { name: `lines.${i}.yieldPercent`, label: `Product ${i + 1} %`, type: "number" },
    ]).flat();
    const initial: Record<string, unknown> = {
      id: recipe?.id ?? null,
      primalId: primal.id,
      name: recipe?.name ?? "",
      trimPercent: recipe?.trimPercent ?? 0,
      fatPercent: recipe?.fatPercent ?? 0,
      bonePercent: recipe?.bonePercent ?? 0,
      lossPercent: recipe?.lossPercent ?? 0,
      lastModified: recipe?.lastModified ?? null,
      lines: Object.fromEntries(Array.from({ length: rows }, (_, i) => {
        const l = recipe?.lines[i];
        return [String(i), {
          productDefinitionId: l?.productDefinitionId ?? null,
          yieldPercent: l?.yieldPercent ?? null,
        }];
      })),
    };
    return (
      <>
        <EditPanel
          label="Recipe"
          id="recipe"
          title={recipe ? `${primal.name}: ${recipe.name}` : `New ${primal.name.toLowerCase()} recipe`}
          fields={[
            { name: "id", label: "Id", type: "id" },
            { name: "name", label: "Recipe", type: "text", required: true },
            {
              name: "trimPercent",
              label: "Trim %",
              type: "number",
              required: true,
              section: "What is not product",
            },
            { name: "fatPercent", label: "Fat %", type: "number", required: true },
            { name: "bonePercent", label: "Bone %", type: "number", required: true },
            { name: "lossPercent", label: "Loss %", type: "number", required: true },
            ...lineFields,
          ]}
          initial={initial}
          url={RECIPES_API.upsert}
          saved="The recipe was saved."
          backTo={RECIPE_PATHS.list}
          readOnly={data.canEdit ? undefined : "You need the recipes admin permission to change recipes."}
        >
          <p className="muted small">Products, trim, fat, bone and loss must add up to exactly 100 %.</p>
        </EditPanel>
        {data.cost && <RecipeCost cost={data.cost} primalName={primal.name} />}
      </>
    );
  },
});
