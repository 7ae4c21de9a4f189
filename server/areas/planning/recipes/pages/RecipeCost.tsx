/**
 * A recipe's cost by sales value (issue 41 item 3), under its editor: the planner gives a primal's kg and
 * its cost per kg (a plain GET form, no script) and sees that cost shared over the recipe's products by
 * their sales value at today's prices, in whole cents summing exactly to the primal's cost (recipes/
 * rules.ts costRecipe); trim, fat, bone and loss carry none.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDecimal } from "../../../../../kernel/format.ts";
import { formatCents, toCents } from "../../../../../kernel/money.ts";
import { wholeNumber } from "../../../../http/params.ts";
import type { AreaContext } from "../../../context.ts";
import { planRecipesAndProducts } from "../../builder/products.ts";
import { costRecipe, type RecipeShape } from "../rules.ts";
import { FilterInput } from "../../../../../client/ui/FilterControls.tsx";

/** Dollars and cents as typed in a query ("8.50", "12"): digits only, as the other query numbers. */
const dollars = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,6}(\.\d{1,2})?$/.test(v) ? Number(v) : v),
  z.number({ error: "Give the cost per kg in dollars and cents, like 8.50" }).min(0).max(100_000),
);

export const RecipeCostSearch = z.object({
  primalKg: wholeNumber({ min: 1, max: 100_000 }).optional(),
  costPerKg: dollars.optional(),
});
type Search = z.infer<typeof RecipeCostSearch>;

/** The kg a costing starts from when the planner has not said. */
const DEFAULT_KG = 100;

export async function recipeCost(
  ctx: AreaContext,
  recipe: RecipeShape,
  speciesId: number,
  names: ReadonlyMap<number, string>,
  search: Search,
) {
  const primalKg = search.primalKg ?? DEFAULT_KG;
  if (search.costPerKg === undefined) return { primalKg, costPerKg: null, lines: [], primalCents: 0 };
  const { products } = await planRecipesAndProducts(ctx, speciesId, ctx.today);
  const price = new Map(products.map((p) => [p.id, p.centsPerKg]));
  const primalCents = toCents(primalKg * search.costPerKg);
  const lines = costRecipe(recipe, primalKg, primalCents, price).map((l) => ({
    ...l,
    name: names.get(l.productDefinitionId) ?? "",
  }));
  return { primalKg, costPerKg: search.costPerKg, lines, primalCents };
}

export function RecipeCost({ cost, primalName }: {
  cost: Awaited<ReturnType<typeof recipeCost>>;
  primalName: string;
}) {
  return (
    <section className="panel" aria-labelledby="recipe-cost">
      <h2 id="recipe-cost">Cost by sales value</h2>
      <p className="muted small">
        The{" "}
        {primalName.toLowerCase()}'s cost shared over the products by their sales value at today's prices;
        trim, fat, bone and loss carry none.
      </p>
      <form method="get" className="inline-form" aria-label="Cost a primal">
        <FilterInput
          id="cost-kg"
          label="Primal kg"
          name="primalKg"
          inputMode="numeric"
          pattern="[0-9]{1,6}"
          title="Whole kg, like 100"
          defaultValue={cost.primalKg}
          required
        />
        <FilterInput
          id="cost-per-kg"
          label="Cost $ per kg"
          name="costPerKg"
          inputMode="decimal"
          pattern="[0-9]{1,6}([.][0-9]{1,2})?"
          title="Dollars and cents, like 8.50"
          defaultValue={cost.costPerKg === null ? "" : cost.costPerKg.toFixed(2)}
          required
        />
        <button className="btn" type="submit">Share the cost</button>
      </form>
      {cost.costPerKg !== null && (
        <>
          <p>
            {formatDecimal(cost.primalKg, 0)} kg at {formatCents(toCents(cost.costPerKg))} per kg:{" "}
            <strong data-cost-total>{formatCents(cost.primalCents)}</strong>
          </p>
          <Table
            rows={cost.lines}
            rowKey={(l) => l.productDefinitionId}
            empty="The recipe has no products."
            columns={[
              { header: "Product", cell: (l) => l.name },
              { header: "kg", cell: (l) => formatDecimal(l.kg, 1), className: "num" },
              { header: "Sales value", cell: (l) => formatCents(l.salesCents), className: "num" },
              { header: "Share of cost", cell: (l) => formatCents(l.costCents), className: "num" },
            ]}
          />
        </>
      )}
    </section>
  );
}
