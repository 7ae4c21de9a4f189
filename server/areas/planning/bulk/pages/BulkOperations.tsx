/**
 * Bulk operations (issue 41 item 8; super): three plain GET forms (a recipe onto many plans' groups, a plan
 * copied to another day, many unmapped codes onto one product), each previewed here on the server; the
 * preview's Apply button (the action button island, asked first) sends the preview's token, so the change
 * is made only as it was shown (409 and a fresh preview otherwise).
 */
import { z } from "zod";
import type { ReactNode } from "react";
import { formatDate } from "../../../../../kernel/format.ts";
import { ApiError } from "../../../../http/errors.ts";
import { idNumber } from "../../../../http/params.ts";
import { commaList, isoDate } from "../../../../http/validation.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { type AreaContext, pageAreaContext } from "../../../context.ts";
import { comparablePlans } from "../../comparison/operations.ts";
import { listRecipes } from "../../recipes/operations.ts";
import { listProductDefinitions, unmappedCodes } from "../../products/operations.ts";
import { BULK_API } from "../api.ts";
import { bulkCopyPlan, bulkMapCodes, bulkRecipe } from "../operations.ts";
import { FilterDate, FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

const PATH = "/productionscheduling/bulkoperations";
const Search = z.object({
  op: z.enum(["recipe", "copy", "codes"]).optional(),
  recipe: idNumber().optional(),
  plans: commaList(idNumber()).optional(),
  plan: idNumber().optional(),
  toDate: isoDate.optional(),
  product: idNumber().optional(),
  codes: commaList(idNumber()).optional(),
});
type Search = z.infer<typeof Search>;

/** The chosen operation's call (its API's body) from the address, or null when it is not complete. */
function chosenCall(ctx: AreaContext, s: Search) {
  if (s.op === "recipe" && s.recipe && s.plans?.length) {
    const body = { recipeId: s.recipe, planIds: s.plans };
    return { url: BULK_API.recipe, body, run: () => bulkRecipe(ctx, body) };
  }
  if (s.op === "copy" && s.plan && s.toDate) {
    const body = { planId: s.plan, toDate: s.toDate };
    return { url: BULK_API.copyPlan, body, run: () => bulkCopyPlan(ctx, body) };
  }
  if (s.op === "codes" && s.product && s.codes?.length) {
    const body = { productDefinitionId: s.product, productCodeIds: s.codes };
    return { url: BULK_API.mapCodes, body, run: () => bulkMapCodes(ctx, body) };
  }
  return null;
}

async function previewOf(ctx: AreaContext, s: Search) {
  const call = chosenCall(ctx, s);
  if (!call) return s.op ? { problem: "Choose what the operation needs, then preview it." } : null;
  try {
    const result = await call.run();
    return { url: call.url, body: { ...call.body, confirm: result.token }, result };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) {
      return { problem: e.extra.errors?.map((x) => x.message).join(" ") || e.message };
    }
    throw e;
  }
}

export const BulkOperationsScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const [plans, recipes, products, codes, preview] = await Promise.all([
      comparablePlans(ctx),
      listRecipes(ctx),
      listProductDefinitions(ctx),
      unmappedCodes(ctx),
      previewOf(ctx, search),
    ]);
    const speciesName = new Map(context.caller!.species.map((x) => [x.id, x.name.toLowerCase()]));
    return {
      search,
      preview,
      // plans of two species can share a name and day: the species tells them apart
      plans: plans.map((p) => ({
        id: p.id,
        label: `${formatDate(p.productionDate, false)}: ${p.name} (${speciesName.get(p.speciesId) ?? ""})`,
      })),
      recipes: recipes.map((r) => ({ id: r.id, label: `${r.primalName}: ${r.name}` })),
      products: products.map((p) => ({ id: p.id, label: p.name })),
      codes: codes.map((c) => ({
        id: c.productCodeId,
        label: `${c.code}${c.description ? ` ${c.description}` : ""}`,
      })),
    };
  },
  component: ({ data }) => {
    const s = data.search;
    const p = data.preview;
    return (
      <>
        {p && (
          <section className="panel" aria-label="Preview">
            <h2>Preview</h2>
            {"problem" in p ? <p className="banner banner-error" role="alert">{p.problem}</p> : (
              <>
                <p>{p.result.summary}</p>
                <ul>{p.result.changes.map((c, i) => <li key={i}>{c}</li>)}</ul>
                <ActionButton
                  label="Apply"
                  variant="primary"
                  url={p.url}
                  body={p.body}
                  confirm={`Apply this change? ${p.result.summary}`}
                  successToast={`Done: ${p.result.summary}`}
                  redirectTo={PATH}
                />
              </>
            )}
          </section>
        )}
        <BulkForm
          op="recipe"
          title="A recipe onto many plans"
          help="Every carcass group of each plan's day gets the recipe, in place of another recipe of its primal."
        >
          <Choice name="recipe" label="Recipe" options={data.recipes} value={s.recipe} />
          <Checks
            name="plans"
            legend="Plans"
            options={data.plans}
            chosen={s.op === "recipe" ? s.plans : []}
          />
        </BulkForm>
        <BulkForm
          op="copy"
          title="Copy a plan to another day"
          help="Each group's recipes go to the other day's group of the same kind."
        >
          <Choice name="plan" label="Plan" options={data.plans} value={s.plan} />
          <FilterDate id="bulk-toDate" label="To" name="toDate" defaultValue={s.toDate} required />
        </BulkForm>
        <BulkForm
          op="codes"
          title="Map many unmapped codes"
          help="Codes seen in cartons that no product maps yet."
        >
          <Choice name="product" label="Product" options={data.products} value={s.product} />
          {data.codes.length
            ? (
              <Checks
                name="codes"
                legend="Codes"
                options={data.codes}
                chosen={s.op === "codes" ? s.codes : []}
              />
            )
            : <p className="muted">Every code seen in cartons is mapped.</p>}
        </BulkForm>
      </>
    );
  },
});

type Option = { id: number; label: string };

function BulkForm(
  { op, title, help, children }: { op: string; title: string; help: string; children: ReactNode },
) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="muted small">{help}</p>
      <form method="get" className="bulk-form" aria-label={title}>
        <input type="hidden" name="op" value={op} />
        {children}
        <button className="btn" type="submit">Preview</button>
      </form>
    </section>
  );
}

function Choice(
  { name, label, options, value }: { name: string; label: string; options: Option[]; value?: number },
) {
  return (
    <FilterSelect
      id={`bulk-${name}`}
      label={label}
      className="input"
      name={name}
      defaultValue={value ?? undefined}
      required
      options={options.map((o) => [o.id, o.label])}
    />
  );
}

function Checks(
  { name, legend, options, chosen }: { name: string; legend: string; options: Option[]; chosen?: number[] },
) {
  return (
    <fieldset className="bulk-choices">
      <legend>{legend}</legend>
      {options.length
        ? options.map((o) => (
          <label key={o.id}>
            <input type="checkbox" name={name} value={o.id} defaultChecked={chosen?.includes(o.id)} />{" "}
            {o.label}
          </label>
        ))
        : <span className="muted">None in the last fortnight or the coming week.</span>}
    </fieldset>
  );
}
