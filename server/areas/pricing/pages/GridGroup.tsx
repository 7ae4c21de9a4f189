/**
 * One grid group (settings/pricinggridgroups/{id}): its period and flags, its grids in priority order
 * with up/down and delete (copy is on the grid's page), each grid's price sheet (prints as the sheet
 * agents are sent), and the group's form. Also the new-group (settings/newpricinggrid) and copy-group
 * (settings/clonepricinggrid/{id}) forms.
 */
import { Folded } from "../../../pages/Folded.tsx";
import { z } from "zod";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { type FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { GridMatrix } from "../../../../client/ui/GridMatrix.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { idNumber } from "../../../http/params.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { speciesField } from "../../../pages/scopeFields.ts";
import { PRICING_API } from "../api.ts";
import { formatDollars, formatPeriod } from "../labels.ts";
import { PRICING_PATHS } from "../paths.ts";
import { nextGroupName, nextPeriod } from "../periods.ts";
import type { PricingGrid, PricingGridGroup } from "../schemas.ts";
import { chooseSpecies, DeleteGridButton, GroupBadges, idParam } from "./shared.tsx";
import { pageAreaContext } from "../../context.ts";
import { getGroup } from "../queries.ts";

function groupFields(context: PageContext, opts: { speciesLocked: boolean }): FieldSpec[] {
  return [
    { name: "id", label: "Id", type: "id" },
    { name: "name", label: "Name", type: "text", required: true, placeholder: "December 2026 lambs" },
    speciesField(context.caller!.species, {
      readOnly: opts.speciesLocked,
      help: opts.speciesLocked ? "Fixed: the group has grids or orders." : undefined,
    }),
    { name: "startDate", label: "From", type: "date", required: true },
    { name: "endDate", label: "To", type: "date", help: "Blank: onwards, with no end." },
    {
      name: "isServiceKill",
      label: "Service kill",
      type: "checkbox",
      placeholder: "The owner keeps the meat and pays a kill fee",
      help: "Orders show this group without a price.",
    },
    {
      name: "isDefaultGroup",
      label: "Default group",
      type: "checkbox",
      placeholder: "The species' standing grid",
      help: "Used when an order names no group; never offered on orders. The species' previous default " +
        "group stops being the default.",
    },
  ];
}

const groupForm = { submit: { method: "POST" as const, url: PRICING_API.upsertGroup } };

// ---------- one group ----------

function moveButton(group: PricingGridGroup, index: number, by: -1 | 1) {
  const ids = group.pricingGrids.map((g) => g.id);
  const target = index + by;
  if (target < 0 || target >= ids.length) return null;
  [ids[index], ids[target]] = [ids[target], ids[index]];
  return (
    <ActionButton
      key={by}
      label={by < 0 ? "Up" : "Down"}
      url={PRICING_API.reorderGrids}
      body={{ pricingGridGroupId: group.id, gridIds: ids }}
      variant="ghost"
      successToast="The grids were reordered."
    />
  );
}

function gridActions(group: PricingGridGroup, grid: PricingGrid, index: number) {
  return (
    // one line: wrapped, the buttons would stack into a tall narrow column
    <div className="actions u-nowrap">
      {moveButton(group, index, -1)}
      {moveButton(group, index, 1)}
      <DeleteGridButton grid={grid} label="Delete" variant="ghost" />
    </div>
  );
}

export const PricingGridGroupScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    return { group: await getGroup(ctx, idParam(params.id)), today: ctx.today };
  },
  component: ({ data, context }) => {
    const g = data.group;
    return (
      <>
        <section className="panel" aria-label="Group">
          <p className="no-print">
            <a href={PRICING_PATHS.species(g.speciesId)}>← All {g.species} groups</a>
          </p>
          <div className="panel-head">
            <h2>{g.name}</h2>
            <GroupBadges group={g} today={data.today} />
            <div className="actions">
              <a className="btn btn-primary" href={PRICING_PATHS.newGrid(g.id)}>Add grid</a>
              <a className="btn" href={PRICING_PATHS.cloneGroup(g.id)}>Copy group</a>
              {g.orderCount === 0 && (
                <ActionButton
                  label="Delete group"
                  url={PRICING_API.deleteGroup}
                  body={{ pricingGridGroupId: g.id, lastModified: g.lastModified }}
                  variant="danger"
                  confirm={`Delete ${g.name} and its ${g.pricingGrids.length} grids?`}
                  successToast="The group was deleted."
                  redirectTo={PRICING_PATHS.species(g.speciesId)}
                />
              )}
            </div>
          </div>
          <Facts
            items={[["Species", g.species], ["Period", formatPeriod(g)], ["Grids", g.pricingGrids.length], [
              "Orders priced with it",
              <span key="orders">
                {g.orderCount}
                {g.orderCount > 0 && <span className="muted small">&nbsp;(so it cannot be deleted)</span>}
              </span>,
            ]]}
          />
        </section>
        <section className="panel" aria-label="Grids">
          <h2>Grids in priority order</h2>
          <p className="muted small">When several grids price a category, the first one applies.</p>
          <div className="table-wrap">
            <Table
              rows={g.pricingGrids}
              rowKey={(grid) => grid.id}
              empty="No grids yet: add one per category this group buys."
              columns={[
                { header: "Priority", cell: (grid) => grid.priority },
                {
                  header: "Reference",
                  cell: (grid) => <a href={PRICING_PATHS.grid(grid.id)}>{grid.reference}</a>,
                },
                { header: "Category", cell: (grid) => grid.speciesCategory },
                {
                  header: "Best $/kg",
                  cell: (grid) => (grid.bestPrice === null ? "—" : formatDollars(grid.bestPrice)),
                },
                {
                  header: "Bands × fat",
                  cell: (grid) =>
                    grid.cells ? `${grid.cells.weightBands.length} × ${grid.cells.fatScores.length}` : "—",
                },
                {
                  header: "Actions",
                  srOnly: true,
                  cell: (grid) => gridActions(g, grid, g.pricingGrids.indexOf(grid)),
                },
              ]}
            />
          </div>
        </section>
        {g.pricingGrids.filter((grid) => grid.cells).map((grid) => (
          <section className="panel" key={grid.id} aria-label={`Prices of ${grid.reference}`}>
            <h3>
              {grid.reference} · {grid.speciesCategory}
              {grid.bestPrice !== null && !g.isServiceKill
                ? ` · best ${formatDollars(grid.bestPrice)}/kg`
                : ""}
            </h3>
            <GridMatrix
              cells={grid.cells!}
              caption={`${g.name}, ${formatPeriod(g)}: cents per kg hot standard carcass weight`}
            />
          </section>
        ))}
        <Folded name="edit-group" className="panel no-print" summary="Edit the group">
          <DataForm
            {...groupForm}
            id="pricing-group-edit"
            fields={groupFields(context, { speciesLocked: g.pricingGrids.length > 0 || g.orderCount > 0 })}
            initial={{
              id: g.id,
              name: g.name,
              speciesId: g.speciesId,
              startDate: g.startDate,
              endDate: g.endDate,
              isServiceKill: g.isServiceKill,
              isDefaultGroup: g.isDefaultGroup,
              lastModified: g.lastModified,
            }}
            redirectTo={PRICING_PATHS.group(g.id)}
            successToast="The group was saved."
          />
        </Folded>
      </>
    );
  },
});

// ---------- new group ----------

export const NewPricingGridGroupScreen = defineScreen({
  validateSearch: z.object({ species: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    return { species: chooseSpecies(context, search.species), today: ctx.today };
  },
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        {...groupForm}
        id="pricing-group-new"
        title="New price grid group"
        fields={groupFields(context, { speciesLocked: false })}
        initial={{
          speciesId: data.species.id,
          startDate: data.today,
          isServiceKill: false,
          isDefaultGroup: false,
        }}
        cancelHref={PRICING_PATHS.species(data.species.id)}
        redirectTo={PRICING_PATHS.groupOfAnswer}
        successToast="The group was saved: now add its grids."
      />
    </section>
  ),
});

// ---------- copy a group ----------

export const ClonePricingGridGroupScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    return { group: await getGroup(ctx, idParam(params.id)), today: ctx.today };
  },
  component: ({ data }) => {
    const g = data.group;
    const period = nextPeriod(g, data.today);
    return (
      <section className="panel">
        <p>
          Copies <a href={PRICING_PATHS.group(g.id)}>{g.name}</a> ({formatPeriod(g)}) with its{" "}
          {g.pricingGrids.length} grids to a new period. The copy is never the default group.
        </p>
        <DataForm
          id="pricing-group-copy"
          title="Copy the group"
          fields={[
            { name: "name", label: "Name", type: "text", required: true },
            { name: "startDate", label: "From", type: "date", required: true },
            { name: "endDate", label: "To", type: "date", help: "Blank: onwards, with no end." },
          ]}
          initial={{
            pricingGridGroupId: g.id,
            name: nextGroupName(g.name, g.startDate, period.startDate),
            ...period,
          }}
          submit={{ method: "POST", url: PRICING_API.copyGroup }}
          submitLabel="Copy"
          cancelHref={PRICING_PATHS.group(g.id)}
          redirectTo={PRICING_PATHS.groupOfAnswer}
          successToast="The group was copied."
        />
      </section>
    );
  },
});
