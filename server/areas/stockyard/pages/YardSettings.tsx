/**
 * Settings › Yards & paddocks (spec 2 §2.2 tab stockyard, sub-form stockyard/{id}; §3 "Stockyard
 * (settings view)"). The list is a server-rendered table of the yards of the caller's sites (no island).
 * A yard's page has the details form (data form island) and, once the yard exists, the pen layout editor
 * island with the site map. `/settings/stockyard/new` adds a yard: the route's `$id` is any path segment,
 * and "new" is the one word that is not an id.
 */
import { STOCKYARD_API } from "../api.ts";
import { MAP_IMAGE_API } from "../mapImages/api.ts";
import { DataForm, PenLayoutEditor } from "../../../pages/islands.tsx";
import type { DataFormProps, FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatHead } from "../../../../kernel/format.ts";
import { pageAreaContext } from "../../context.ts";
import { defaultSiteId } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { namedOptions } from "../../../pages/scopeFields.ts";
import { setup, setups } from "../queries.ts";
import { getMobChecks } from "../operations/mobChecks.ts";
import { MAX_MOB_CHECKS } from "../rules.ts";
import type { StockyardSetup } from "../schemas.ts";
import type { z } from "@hono/zod-openapi";

type Setup = z.output<typeof StockyardSetup>;

export const YARD_PATHS = {
  list: "/settings/stockyard",
  create: "/settings/stockyard/new",
  edit: (id: number) => `/settings/stockyard/${id}`,
};

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const speciesOf = (y: Setup) => (y.isAnySpeciesYard || y.speciesId === null ? "Any species" : y.speciesName);

/** settingsStockyard: the yards and paddock groups of the caller's sites. */
export const StockyardSettingsScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const [yards, checks] = await Promise.all([setups(ctx), getMobChecks(ctx)]);
    return { yards, checks };
  },
  component: ({ data, context }) => {
    const sites = context.caller!.sites;
    return (
      <>
        <section className="panel" aria-label="Yards and paddocks">
          <div className="panel-head">
            <h2>Yards &amp; paddocks</h2>
            <a className="btn btn-primary" href={YARD_PATHS.create}>Add yard</a>
          </div>
          <p className="muted small">
            Each site has its yards of pens and its paddock groups. Open one to change its details, upload its
            site map and draw its pens.
          </p>
          <div className="table-wrap yard-list">
            <Table
              rows={data.yards}
              rowKey={(y) => y.id}
              empty={sites.length ? "No yard is set up yet: add one." : "You have no site: ask an admin."}
              columns={[
                { header: "Name", cell: (y) => <a href={YARD_PATHS.edit(y.id)}>{y.name}</a> },
                { header: "Site", cell: (y) => y.siteName },
                { header: "Species", cell: speciesOf },
                { header: "Paddock group", cell: (y) => yesNo(y.isPaddockGroup) },
                { header: "Unfit bin", cell: (y) => yesNo(y.isIncludeUnfitBin) },
                { header: "Operational", cell: (y) => yesNo(y.isOperational) },
                {
                  header: "Capacity (head)",
                  cell: (y) => <span className="num">{formatHead(y.capacity)}</span>,
                },
                { header: "Pens", cell: (y) => <span className="num">{y.pens.length}</span> },
              ]}
            />
          </div>
        </section>
        <section className="panel" aria-label="Checks before the kill">
          <p className="muted small">
            What the yard ticks for every mob before it goes to the kill floor, in this order. A pen is "ready
            to empty" once its mob's checks are done. A changed list applies to mobs penned from now on.
          </p>
          <DataForm
            id="mob-checks"
            title="Checks before the kill"
            fields={Array.from({ length: MAX_MOB_CHECKS }, (_, i): FieldSpec => ({
              name: `checks.${i}`,
              label: `Check ${i + 1}`,
              type: "text",
              required: i === 0,
              labelWidth: "8rem",
            }))}
            initial={{ checks: data.checks.checks, lastModified: data.checks.lastModified }}
            submit={{ method: "POST", url: STOCKYARD_API.saveMobChecks }}
            successToast="The checks were saved."
          />
        </section>
      </>
    );
  },
});

function yardFields(context: PageContext): FieldSpec[] {
  const { species, sites } = context.caller!;
  return [
    { name: "id", label: "Id", type: "id" },
    { name: "name", label: "Name", type: "text", required: true, placeholder: "Sheep yards" },
    {
      name: "tenantSiteId",
      label: "Site",
      type: "select",
      required: true,
      valueType: "number",
      options: namedOptions(sites),
    },
    {
      name: "isAnySpeciesYard",
      label: "Any species",
      type: "checkbox",
      placeholder: "Stock of any species may be held here",
    },
    {
      name: "speciesId",
      label: "Species",
      type: "select",
      valueType: "number",
      requiredWhen: { field: "isAnySpeciesYard", equals: false },
      placeholder: "Choose a species",
      options: namedOptions(species),
      help: "Not needed when any species may be held here.",
    },
    {
      name: "isPaddockGroup",
      label: "Paddock group",
      type: "checkbox",
      placeholder: "Paddocks rather than a yard of pens (stock here is “in paddock”)",
    },
    {
      name: "isIncludeUnfitBin",
      label: "Unfit bin",
      type: "checkbox",
      placeholder: "The yard has an unfit bin",
    },
    { name: "isOperational", label: "Operational", type: "checkbox", placeholder: "In use" },
    { name: "capacity", label: "Capacity (head)", type: "number", required: true },
  ];
}

function yardFormProps(context: PageContext, initial: Record<string, unknown>): DataFormProps {
  return {
    id: "stockyard",
    title: initial.id ? "Yard details" : "New yard",
    fields: yardFields(context),
    initial,
    submit: { method: "POST", url: STOCKYARD_API.upsertStockyard },
    cancelHref: YARD_PATHS.list,
    successToast: initial.id ? "The yard was saved." : "The yard was added: now draw its pens.",
    // the page again, so the layout editor starts from the yard's new lastModified
    redirectTo: "/settings/stockyard/{id}",
  };
}

/** settingsStockyardEdit: a yard's details, site map and pen layout (`new`: a new yard's details). */
export const StockyardEditScreen = defineScreen({
  loader: async ({ context, params }) => {
    if (params.id === "new") return { yard: null };
    if (!/^\d{1,15}$/.test(params.id ?? "")) throw ApiError.notFound("That yard does not exist.");
    return { yard: await setup(await pageAreaContext(context), Number(params.id)) };
  },
  component: ({ data, context }) => {
    const yard = data.yard;
    if (!yard) {
      return (
        <section className="panel">
          <DataForm
            {...yardFormProps(context, {
              tenantSiteId: defaultSiteId(context.caller!),
              isAnySpeciesYard: false,
              isPaddockGroup: false,
              isIncludeUnfitBin: true,
              isOperational: true,
              capacity: 0,
            })}
          />
          <p className="muted small">Once the yard is saved you can upload its site map and draw its pens.</p>
        </section>
      );
    }
    const initial = {
      id: yard.id,
      name: yard.name,
      tenantSiteId: yard.tenantSiteId,
      isAnySpeciesYard: yard.isAnySpeciesYard,
      speciesId: yard.speciesId,
      isPaddockGroup: yard.isPaddockGroup,
      isIncludeUnfitBin: yard.isIncludeUnfitBin,
      isOperational: yard.isOperational,
      capacity: yard.capacity,
      lastModified: yard.lastModified,
    };
    return (
      <>
        <p className="breadcrumbs small">
          <a href={YARD_PATHS.list}>Yards &amp; paddocks</a> › {yard.name} ({yard.siteName})
        </p>
        <section className="panel yard-details">
          <DataForm {...yardFormProps(context, initial)} />
        </section>
        <section className="panel" aria-labelledby="pen-layout-title">
          <div className="panel-head">
            <h2 id="pen-layout-title">{yard.isPaddockGroup ? "Paddock layout" : "Pen layout"}</h2>
            <span className="muted small">
              {yard.pens.length} {yard.pens.length === 1 ? "pen" : "pens"} · {speciesOf(yard)}
            </span>
          </div>
          <PenLayoutEditor
            stockyardId={yard.id}
            yardName={yard.name}
            lastModified={yard.lastModified}
            hasMapImage={yard.hasMapImage}
            pens={yard.pens}
            urls={{
              save: STOCKYARD_API.saveStockyardLayout,
              setup: `${STOCKYARD_API.getStockyardSetup}/${yard.id}`,
              map: MAP_IMAGE_API.downloadMapImage,
              upload: MAP_IMAGE_API.uploadMapImage,
            }}
          />
        </section>
      </>
    );
  },
});
