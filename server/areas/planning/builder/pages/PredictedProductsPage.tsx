/**
 * Predicted products (productionscheduling/predictedproducts and …fromcarcass, query productionDate): a
 * day's plan as products (kg, cartons, pieces, value) and the statistic rows, from the standard yields or
 * from each carcass's own HSCW and fat. Server rendered, no React in the browser; prints as a document.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { headerSpeciesAmong, listScope } from "../../../../pages/ListScope.tsx";
import { pageAreaContext } from "../../../context.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate, formatDecimal, formatHead } from "../../../../../kernel/format.ts";
import { ProductsTable, StatisticsTable } from "../../../../../client/islands/scheduleBuilder/tables.tsx";
import { listCutPlans, predictedProducts } from "../operations.ts";
import type { PredictedProduct, PredictionBasis } from "../rules.ts";

const Search = z.object({
  productionDate: isoDate.optional(),
  species: idNumber().optional(),
  plan: idNumber().optional(),
});

function screen(basis: PredictionBasis) {
  return defineScreen({
    validateSearch: Search,
    loader: async ({ context, search }) => {
      const ctx = await pageAreaContext(context);
      const speciesId = search.species && ctx.scope.hasSpecies(search.species)
        ? search.species
        : headerSpeciesAmong(context, context.caller!.species)?.id;
      if (!speciesId) return null;
      const day = {
        productionDate: search.productionDate ?? addDays(ctx.today, 1),
        speciesId,
        tenantSiteId: listScope(context).siteId ?? 0,
      };
      const plans = await listCutPlans(ctx, day);
      const planId = search.plan && plans.some((p) => p.id === search.plan) ? search.plan : plans[0]?.id;
      const predicted = await predictedProducts(ctx, { ...day, cutPlanId: planId }, basis);
      return { predicted, plan: plans.find((p) => p.id === planId) ?? null, speciesId };
    },
    component: ({ data }) => {
      if (!data) return <p className="panel">You have no species to plan.</p>;
      const { predicted, plan } = data;
      const from = basis === "carcass" ? "each carcass's weight and fat" : "standard yields";
      return (
        <section className="panel predicted-products" aria-labelledby="pp-title">
          <div className="panel-head">
            <h2 id="pp-title">Predicted products · {formatDate(predicted.productionDate)}</h2>
            <nav className="actions no-print" aria-label="Related">
              <a
                className="btn"
                href={`${href("schedulebuilder")}?date=${predicted.productionDate}&species=${data.speciesId}${
                  plan ? `&plan=${plan.id}` : ""
                }`}
              >
                Schedule builder
              </a>
            </nav>
          </div>
          <p>
            {plan
              ? (
                <>
                  Plan <strong>{plan.name}</strong>
                </>
              )
              : "No plan for this day yet"}, from {from}: {formatHead(predicted.head)} head,{" "}
            {formatDecimal(predicted.hscwKg)} kg HSCW.
          </p>
          <h3>Predicted against ordered (kg)</h3>
          {/* nine cuts and the total fit 1024 px in tight cells; narrower, the table scrolls in its box (keyboard too) */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Predicted against ordered">
            <StatisticsTable rows={predicted.statistics} speciesId={data.speciesId} />
          </div>
          <h3>Products</h3>
          <Unpriced products={predicted.products} day={predicted.productionDate} />
          <ProductsTable products={predicted.products} />
        </section>
      );
    },
  });
}

/** Products with no price in force on the day: named, so a value short by them is not taken as whole. */
function Unpriced({ products, day }: { products: readonly PredictedProduct[]; day: string }) {
  const unpriced = products.filter((p) => !p.priced);
  if (!unpriced.length) return null;
  const noun = unpriced.length === 1 ? "product has" : "products have";
  return (
    <p className="hint" role="note">
      {formatHead(unpriced.length)} {noun} no price on {formatDate(day)}{" "}
      ({unpriced.map((p) => p.name).join("; ")}): their value counts as nil. A product takes its price from
      the product codes mapped to it: map a code on{" "}
      <a href={href("productdefinitions")}>Product Definitions</a>, or price its codes under{" "}
      <a href={href("settingsProductCodes")}>Settings › Product Codes</a>.
    </p>
  );
}

export const PredictedProductsScreen = screen("standard");
export const PredictedProductsFromCarcassScreen = screen("carcass");
