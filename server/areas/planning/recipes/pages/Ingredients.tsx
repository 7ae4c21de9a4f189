/**
 * The ingredient page (issue 41 item 3; /productionscheduling/ingredient/{speciesId}/{waiterOnLoad}/
 * {passedPrimarys}): the primals a carcass of the species gives, each with how many (numeric: 2 legs) and
 * whether it is repeatable (cut again from what a recipe leaves). passedPrimarys is a comma-separated
 * list of primal ids (the ones the caller came from; "0" or "all" for every primal); waiterOnLoad is the
 * original app's loading spinner flag: this page is rendered whole, so it is accepted and not used.
 * The data form island saves them all at once; read-only without the recipes admin flag.
 */
import { canEditEntity } from "../../../../access/flags.ts";
import { href } from "../../../../access/routes.ts";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { RECIPES_API } from "../api.ts";
import { listIngredients } from "../operations.ts";
import { RECIPE_PATHS } from "./Recipes.tsx";

/** The primal ids of a passedPrimarys segment ("3,4,7"); none (every primal) for "0", "all" or "". */
export function passedPrimalIds(segment: string): number[] {
  return segment.split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

export const IngredientScreen = defineScreen({
  loader: async ({ context, params }) => {
    const speciesId = Number(params.speciesId);
    const species = context.caller!.species.find((s) => s.id === speciesId);
    if (!species) throw ApiError.notFound("That species is not one of yours.");
    const all = await listIngredients(await pageAreaContext(context), speciesId);
    const passed = passedPrimalIds(params.passedPrimarys ?? "");
    const shown = passed.length ? all.filter((i) => passed.includes(i.primalId)) : all;
    return {
      species,
      ingredients: shown,
      isPart: shown.length < all.length,
      // a save comes back here, read afresh: the form then holds the new revision
      self: href("ingredient", {
        speciesId,
        waiterOnLoad: params.waiterOnLoad ?? "0",
        passedPrimarys: params.passedPrimarys ?? "0",
      }),
      canEdit: canEditEntity(context.caller!.subject, "recipe"),
    };
  },
  component: ({ data }) => {
    const { species, ingredients } = data;
    const fields: FieldSpec[] = ingredients.flatMap((i, n): FieldSpec[] => [
      {
        name: `ingredients.${n}.numeric`,
        label: `${i.primalName}: how many a carcass gives`,
        type: "number",
        required: true,
      },
      { name: `ingredients.${n}.repeatable`, label: `${i.primalName} is repeatable`, type: "checkbox" },
    ]);
    return (
      <section className="panel" aria-label="Ingredients">
        {ingredients.length
          ? (
            <DataForm
              id="ingredients"
              title={`${species.name} ingredients${data.isPart ? " (the primals you came from)" : ""}`}
              fields={fields}
              initial={{
                speciesId: species.id,
                // all rows carry the list's revision: a save over someone else's is a 409
                revision: ingredients[0].revision,
                ingredients: Object.fromEntries(
                  ingredients.map((i, n) => [String(n), {
                    primalId: i.primalId,
                    numeric: i.numeric,
                    repeatable: i.repeatable,
                  }]),
                ),
              }}
              submit={{ method: "POST", url: RECIPES_API.setIngredients }}
              successToast="The ingredients were saved."
              cancelHref={RECIPE_PATHS.list}
              redirectTo={data.self}
              readOnly={data.canEdit
                ? undefined
                : "You need the recipes admin permission to change ingredients."}
            />
          )
          : <p className="muted">The species has no primals yet (Settings › Specifications).</p>}
        <p className="muted small">
          How many of each primal one carcass gives (a lamb gives 2 legs); a repeatable primal can be cut
          again from what a recipe leaves.
        </p>
      </section>
    );
  },
});
