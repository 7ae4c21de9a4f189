/**
 * Price grid templates across organisations (/super/pricinggrid): choose an organisation and one of its
 * grids, then the processor to copy it to; the page shows the grid's cells, how its species and category
 * map onto the target's (or why it cannot go there) and the copy form. Each step is a plain GET form, so
 * every state of the page has its own address; only the copy form is an island.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDayNumbers } from "../../../../../kernel/format.ts";
import { idNumber } from "../../../../http/params.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { formatDollars, type GridCells } from "../../../pricing/rules.ts";
import { GridMatrix } from "../../../../../client/ui/GridMatrix.tsx";
import { SUPER_PRICING_GRID_API } from "../api.ts";
import { type CopyPreview, SOURCE_GRID_LIMIT, type SourceGrid } from "../schemas.ts";
import { gridIn, organisations as listOrganisations, sourceGrids } from "../operations/reads.ts";
import { previewCopy } from "../operations/preview.ts";
import { SUPER_TENANTS_API } from "../../tenants/api.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";

const PATH = "/super/pricinggrid";
const optionalId = () => idNumber().optional().catch(undefined);

const Search = z.object({
  sourceTenantId: optionalId(),
  speciesId: optionalId(),
  gridId: optionalId(),
  targetTenantId: optionalId(),
  /** the grid a copy just made in the target */
  copied: optionalId(),
});
type Search = z.output<typeof Search>;

const linkTo = (search: Search) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v) q.set(k, String(v));
  return `${PATH}?${q}`;
};

/** "01/11/2026 – 30/11/2026", "from 01/01/2026": Australian day-first, short enough for a table cell. */
const period = (p: { startDate: string; endDate: string | null }) =>
  p.endDate
    ? `${formatDayNumbers(p.startDate)} – ${formatDayNumbers(p.endDate)}`
    : `from ${formatDayNumbers(p.startDate)}`;

export const SuperPricingGridScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const organisations = await listOrganisations(ctx);
    const source = organisations.find((o) => o.id === search.sourceTenantId);
    const grids = source ? await sourceGrids(ctx, source.id) : { items: [], total: 0 };
    const chosen = grids.items.find((g) => g.pricingGridId === search.gridId);
    // the targets offered: the other processors (the API explains any other choice)
    const targets = organisations.filter((o) => o.category === "processor" && o.id !== source?.id);
    const target = targets.find((o) => o.id === search.targetTenantId);
    const preview = source && chosen && target
      ? (await previewCopy(ctx, {
        sourceTenantId: source.id,
        pricingGridId: chosen.pricingGridId,
        targetTenantId: target.id,
      })).preview
      : null;
    const landed = preview && search.copied
      ? await gridIn(ctx, preview.target.tenantId, search.copied)
      : null;
    return { organisations, source, grids, chosen, targets, target, preview, landed };
  },
  component: ({ data, search, context }) => {
    const species = [...new Map(data.grids.items.map((g) => [g.speciesId, g.species])).entries()];
    const shown = data.grids.items.filter((g) => !search.speciesId || g.speciesId === search.speciesId);
    const preview = data.preview;
    return (
      <>
        <section className="panel" aria-labelledby="source-title">
          <h2 id="source-title">1. The grid to copy</h2>
          <form method="get" action={PATH} className="inline-form toolbar no-print" data-autosubmit>
            <FilterSelect
              id="source-tenant"
              label="From"
              name="sourceTenantId"
              className=""
              defaultValue={data.source?.id ?? ""}
              empty={data.source ? undefined : "Choose an organisation…"}
              options={data.organisations.map((o) => [o.id, o.name])}
            />
            {species.length > 1 && !data.chosen && (
              <FilterSelect
                id="source-species"
                label="Species"
                name="speciesId"
                className=""
                defaultValue={search.speciesId ?? ""}
                empty="Every species"
                options={species}
              />
            )}
            <button className="btn" type="submit">Show</button>
          </form>
          {!data.source
            ? <p>Choose the organisation whose grid you want to copy.</p>
            : data.chosen
            ? (
              <p data-chosen>
                <strong>{data.chosen.reference}</strong> ({data.chosen.species},{" "}
                {data.chosen.speciesCategory}) of {data.chosen.groupName}, {period(data.chosen)}.{" "}
                <a href={linkTo({ sourceTenantId: search.sourceTenantId, speciesId: search.speciesId })}>
                  Choose another grid
                </a>
              </p>
            )
            : <SourceGrids rows={shown} search={search} />}
          {!data.chosen && data.grids.total > SOURCE_GRID_LIMIT && (
            <p className="muted small">The newest {SOURCE_GRID_LIMIT} of {data.grids.total} grids.</p>
          )}
        </section>
        {data.chosen && data.source && (
          <section className="panel" aria-labelledby="target-title">
            <h2 id="target-title">2. Where it goes</h2>
            <form method="get" action={PATH} className="inline-form toolbar no-print" data-autosubmit>
              <input type="hidden" name="sourceTenantId" value={data.source.id} />
              <input type="hidden" name="gridId" value={data.chosen.pricingGridId} />
              {search.speciesId ? <input type="hidden" name="speciesId" value={search.speciesId} /> : null}
              <FilterSelect
                id="target-tenant"
                label="To"
                name="targetTenantId"
                className=""
                defaultValue={data.target?.id ?? ""}
                empty={data.target ? undefined : "Choose a processor…"}
                options={data.targets.map((o) => [o.id, o.name])}
              />
              <button className="btn" type="submit">Show</button>
            </form>
            {data.landed && preview
              ? (
                <Landed
                  grid={data.landed}
                  tenant={{ id: preview.target.tenantId, name: preview.target.tenantName }}
                  workingThere={context.caller!.tenant.id === preview.target.tenantId}
                />
              )
              : null}
            {preview
              ? <Preview preview={preview} />
              : <p>Choose the processor to copy {data.chosen.reference} to.</p>}
          </section>
        )}
        {preview && !preview.problems.length && (
          <section className="panel" aria-labelledby="copy-title">
            <h2 id="copy-title">3. Copy it</h2>
            <CopyForm preview={preview} search={search} />
          </section>
        )}
      </>
    );
  },
});

function SourceGrids({ rows, search }: { rows: SourceGrid[]; search: Search }) {
  return (
    <Table
      rows={rows}
      rowKey={(g) => g.pricingGridId}
      empty="This organisation has no price grids."
      columns={[
        { header: "Species", cell: (g) => g.species },
        {
          header: "Group",
          cell: (g) => (
            <>
              {g.groupName}
              {g.isDefaultGroup ? <span className="badge badge-warning">Default</span> : null}
              {g.isServiceKill ? <span className="badge">Service kill</span> : null}
            </>
          ),
        },
        { header: "Period", cell: (g) => period(g) },
        { header: "Grid", cell: (g) => g.reference },
        { header: "Category", cell: (g) => g.speciesCategory },
        {
          header: "Best price",
          className: "num nowrap",
          cell: (g) => (g.bestPrice === null ? "—" : `${formatDollars(g.bestPrice)}/kg`),
        },
        {
          header: "Cells",
          optional: true,
          className: "num nowrap",
          cell: (g) => (g.bands ? `${g.bands} × ${g.fatScores}` : "None"),
        },
        {
          header: "Choose",
          srOnly: true,
          cell: (g) => (
            <a
              className="btn btn-ghost"
              href={linkTo({ ...search, gridId: g.pricingGridId, copied: undefined })}
              aria-label={`Choose ${g.reference} of ${g.groupName}`}
            >
              Choose
            </a>
          ),
        },
      ]}
    />
  );
}

/** The cells as the pricing screens show them (one table for every grid: client/ui/GridMatrix.tsx). */
function PriceSheet({ cells, label }: { cells: GridCells | null; label: string }) {
  if (!cells || !cells.weightBands.length) {
    return <p>{label} has no cells: it is priced at its best price.</p>;
  }
  return (
    <div data-price-sheet>
      <GridMatrix cells={cells} caption={`${label}: cents per kg HSCW by carcass weight and fat score`} />
    </div>
  );
}

function Preview({ preview }: { preview: CopyPreview }) {
  const { source, target } = preview;
  const grid = source.grid;
  return (
    <>
      <h3>What is copied</h3>
      <p>
        From {source.tenantName}: best price{" "}
        {grid.bestPrice === null ? "none" : `${formatDollars(grid.bestPrice)}/kg`}
        {source.group.isServiceKill ? " (a service kill group)" : ""}. The prices are copied as they are.
      </p>
      <PriceSheet cells={grid.cells} label={grid.reference} />
      <h3>In {target.tenantName}</h3>
      {preview.problems.length
        ? (
          <div className="banner banner-warning" role="alert" data-problems>
            <p>It cannot be copied:</p>
            <ul>{preview.problems.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
        )
        : null}
      <Table
        rows={preview.mapping}
        rowKey={(m) => m.what}
        empty=""
        columns={[
          { header: "What", cell: (m) => m.what },
          { header: `In ${source.tenantName}`, cell: (m) => m.from },
          {
            header: `In ${target.tenantName}`,
            cell: (m) => m.to ?? <span className="badge badge-danger">Not there</span>,
          },
        ]}
      />
    </>
  );
}

/** Where the copy landed, and the way to it: it is the target's, so the super user works there to open it. */
function Landed({ grid, tenant, workingThere }: {
  grid: { reference: string; groupName: string; startDate: string; endDate: string | null; path: string };
  tenant: { id: number; name: string };
  workingThere: boolean;
}) {
  return (
    <div className="banner banner-success" role="status" data-copied>
      <p>
        {grid.reference} is in {tenant.name}, in the group {grid.groupName}{" "}
        ({period(grid)}), under Settings › Price grids (<code>{grid.path}</code>{" "}
        there). Check it there before its period starts.
      </p>
      {workingThere ? <a className="btn" href={grid.path}>Open the copy</a> : (
        <ActionButton
          label={`Work in ${tenant.name} and open it`}
          url={SUPER_TENANTS_API.impersonate}
          body={{ tenantId: tenant.id }}
          confirm={`Work in ${tenant.name} as a super user? You leave your current organisation.`}
          successToast={`Now working in ${tenant.name}.`}
          redirectTo={grid.path}
        />
      )}
    </div>
  );
}

function CopyForm({ preview, search }: { preview: CopyPreview; search: Search }) {
  const { source, target, suggested } = preview;
  const back = linkTo({ ...search, copied: undefined }) + "&copied={pricingGridId}";
  const newGroup = { field: "pricingGridGroupId", oneOf: [""] };
  return (
    <DataForm
      id="copy-grid"
      fields={[
        {
          name: "pricingGridGroupId",
          label: "Into",
          type: "select",
          valueType: "number",
          placeholder: "A new group",
          options: target.upcomingGroups.map((g) => ({
            value: String(g.id),
            label: `${g.name}, ${period(g)}`,
          })),
          help: "A new group, or one of its groups that has not started yet",
        },
        { name: "groupName", label: "New group's name", type: "text", shownWhen: newGroup, required: true },
        {
          name: "startDate",
          label: "Prices start",
          type: "date",
          shownWhen: newGroup,
          required: true,
          help: "After today: the organisation checks the grid before anyone is priced on it",
        },
        { name: "endDate", label: "Prices end", type: "date", shownWhen: newGroup, help: "Blank: onwards" },
        { name: "reference", label: "Grid reference", type: "text", required: true },
      ]}
      initial={{
        sourceTenantId: source.tenantId,
        pricingGridId: source.grid.id,
        targetTenantId: target.tenantId,
        pricingGridGroupId: "",
        groupName: suggested.groupName,
        startDate: suggested.startDate,
        endDate: suggested.endDate ?? "",
        reference: source.grid.reference,
      }}
      submit={{ method: "POST", url: SUPER_PRICING_GRID_API.copy }}
      submitLabel={`Copy to ${target.tenantName}`}
      successToast={`${source.grid.reference} was copied to ${target.tenantName}.`}
      redirectTo={back}
      undo={false}
    />
  );
}
