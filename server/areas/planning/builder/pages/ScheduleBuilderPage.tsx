/**
 * The schedule builder (productionscheduling/schedulebuilder; super, module scheduleBuilder): a production
 * day's carcass groups and the species' recipes in one island, the day's plans to open, links to the
 * predicted products, and the livestock orders feeding the day (the processing overview's read).
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { headerSpeciesAmong, listScope } from "../../../../pages/ListScope.tsx";
import { ScheduleBuilder } from "../../../../pages/islands.tsx";
import { pageAreaContext } from "../../../context.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { overviewOfDay } from "../../../livestock/processOverview/operations.ts";
import { BUILDER_API } from "../api.ts";
import { builderModel } from "../model.ts";
import { planRow } from "../operations.ts";

const Search = z.object({
  date: isoDate.optional(),
  species: idNumber().optional(),
  /** a plan of the day, or "new" for an empty one */
  plan: z.union([idNumber(), z.literal("new")]).optional(),
});

export const ScheduleBuilderScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = context.caller!.species;
    const speciesId = search.species && ctx.scope.hasSpecies(search.species)
      ? search.species
      : headerSpeciesAmong(context, species)?.id;
    const productionDate = search.date ?? addDays(ctx.today, 1);
    if (!speciesId) return { empty: true as const };
    // a plan asked for by id opens on its own site's groups (a link may lead to another site's plan)
    const asked = typeof search.plan === "number" ? await planRow(ctx, search.plan).catch(() => null) : null;
    const headerSite = listScope(context).siteId ?? 0;
    const tenantSiteId = asked?.tenantSiteId ?? headerSite;
    // said in the title when it is not the header's site
    const otherSite = tenantSiteId !== headerSite
      ? context.caller!.sites.find((x) => x.id === tenantSiteId)?.name ?? null
      : null;
    const [model, overview] = await Promise.all([
      builderModel(ctx, {
        productionDate,
        speciesId,
        tenantSiteId,
        planId: search.plan === "new" ? null : search.plan,
      }),
      overviewOfDay(ctx, { speciesId, productionDate }),
    ]);
    return {
      empty: false as const,
      ...model,
      species,
      overview: overview.orders,
      speciesId,
      productionDate,
      otherSite,
    };
  },
  component: ({ data }) => {
    if (data.empty) return <p className="panel">You have no species to plan.</p>;
    const path = href("schedulebuilder");
    const day = (d: string) => `${path}?date=${d}&species=${data.speciesId}`;
    const query = `productionDate=${data.productionDate}&species=${data.speciesId}` +
      (data.props.plan.id ? `&plan=${data.props.plan.id}` : "");
    return (
      <section className="panel schedule-builder-page" aria-labelledby="sb-title">
        <div className="panel-head">
          <h2 id="sb-title">
            Schedule builder · {formatDate(data.productionDate)}
            {data.otherSite && ` · ${data.otherSite}`}
          </h2>
          <nav className="actions no-print" aria-label="Predicted products">
            <a className="btn" href={`${href("predictedproducts")}?${query}`}>Predicted products</a>
            <a className="btn" href={`${href("predictedproductsfromcarcass")}?${query}`}>From each carcass</a>
          </nav>
        </div>
        <div className="toolbar no-print">
          <form method="get" action={path} className="inline-form">
            <label>
              <span className="sr-only">Production day</span>
              <input className="input" type="date" name="date" defaultValue={data.productionDate} required />
            </label>
            <label>
              <span className="sr-only">Species</span>
              <select className="input" name="species" defaultValue={String(data.speciesId)}>
                {data.species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
              </select>
            </label>
            <button className="btn" type="submit">Show</button>
          </form>
          <nav className="actions" aria-label="Days">
            <a className="btn" href={day(addDays(data.productionDate, -1))}>‹ Previous</a>
            <a className="btn" href={day(addDays(data.productionDate, 1))}>Next ›</a>
          </nav>
          {data.plans.length > 0 && (
            <nav className="actions" aria-label="Plans of the day">
              {data.plans.map((p) => (
                <a
                  key={p.id}
                  className="btn"
                  aria-current={p.id === data.props.plan.id ? "page" : undefined}
                  href={`${day(data.productionDate)}&plan=${p.id}`}
                >
                  {p.name}
                </a>
              ))}
              <a className="btn" href={`${day(data.productionDate)}&plan=new`}>New plan</a>
            </nav>
          )}
        </div>
        <ScheduleBuilder
          {...data.props}
          urls={{ save: BUILDER_API.saveCutPlan, remove: BUILDER_API.deleteCutPlan }}
        />
        <h2>Livestock orders feeding the day</h2>
        {data.overview.length
          ? (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Lot</th>
                  <th scope="col">Supplier</th>
                  <th scope="col">Progress</th>
                  <th scope="col" className="num">Processed</th>
                </tr>
              </thead>
              <tbody>
                {data.overview.map((o) => (
                  <tr key={o.livestockOrderId}>
                    <td>
                      <a href={`${href("processoverview")}?order=${o.livestockOrderId}`}>{o.lot}</a>
                    </td>
                    <td>{o.supplierName}</td>
                    <td>{o.progress}</td>
                    <td className="num">{formatHead(o.figures.processed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
          : <p className="muted">No livestock orders are planned for this day.</p>}
      </section>
    );
  },
});
