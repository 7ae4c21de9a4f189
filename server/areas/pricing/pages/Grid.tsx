/**
 * A grid's form: new in a group (settings/newpricinggrid/{groupId}) or edited
 * (settings/pricinggrids/{id}), with the cell matrix as pasteable text and its live preview (the
 * PricingGridEditor island). The edit page can also copy the grid to another group or delete it.
 */
import { Folded } from "../../../pages/Folded.tsx";
import type { DataFormProps, FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { DataForm, PricingGridEditor } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { speciesCategoriesOf } from "../../../../kernel/enums.ts";
import { PRICING_API } from "../api.ts";
import { GRADING_SHAPES } from "../cells.ts";
import { gridToText } from "../gridText.ts";
import { formatPeriod } from "../labels.ts";
import { PRICING_PATHS } from "../paths.ts";
import type { PricingGridGroup } from "../schemas.ts";
import { DeleteGridButton, idParam } from "./shared.tsx";
import { pageAreaContext } from "../../context.ts";
import { getGrid, getGroup, listGroups } from "../queries.ts";

function starterText(speciesId: number): string {
  const starter = GRADING_SHAPES[speciesId] ?? GRADING_SHAPES[1];
  return gridToText({ ...starter, prices: starter.weightBands.map(() => starter.fatScores.map(() => null)) });
}

function gridFields(group: PricingGridGroup): FieldSpec[] {
  return [
    { name: "id", label: "Id", type: "id" },
    {
      name: "reference",
      label: "Reference",
      type: "text",
      required: true,
      placeholder: "LAMB-EU",
      help: "The short name invoices show; one per grid in the group.",
    },
    {
      name: "speciesCategoryId",
      label: "Category",
      type: "select",
      required: true,
      valueType: "number",
      options: speciesCategoriesOf(group.speciesId).map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      name: "priority",
      label: "Priority",
      type: "number",
      help: "1 is tried first when several grids price a category. Blank: last.",
    },
    {
      name: "bestPrice",
      label: "Best price ($/kg)",
      type: "number",
      help: "Only for a grid without cell prices: with prices, the highest cell sets it.",
    },
    {
      name: "cells",
      label: "Prices (c/kg HSCW)",
      type: "textarea",
      section: "Prices",
      // the matrix needs the width more than the label does
      labelWidth: "11rem",
      help:
        "Paste the grid from a spreadsheet, or type it with commas: the first line lists the fat scores " +
        "after a label (kg); each other line is a weight band (16.1-18, or 26.1+ for the heaviest) and its " +
        "prices in cents per kg, one per fat score. - or blank: not bought. Leave empty for a grid with " +
        "only a best price.",
    },
  ];
}

/** A grid's form under its group's line: saved (or cancelled), it goes back to the group. */
function GridPanel({ group, id, title, initial }: {
  group: PricingGridGroup;
  id: string;
  title: string;
  initial: DataFormProps["initial"];
}) {
  return (
    <section className="panel">
      <p>
        <a href={PRICING_PATHS.group(group.id)}>← {group.name}</a>{" "}
        <span className="muted">({group.species}, {formatPeriod(group)})</span>
      </p>
      <PricingGridEditor
        form={{
          id,
          title,
          fields: gridFields(group),
          initial,
          submit: { method: "POST", url: PRICING_API.upsertGrid },
          cancelHref: PRICING_PATHS.group(group.id),
          redirectTo: PRICING_PATHS.group(group.id),
          successToast: "The grid was saved.",
        }}
      />
    </section>
  );
}

// ---------- new grid in a group ----------

export const NewPricingGridScreen = defineScreen({
  loader: async ({ context, params }) => {
    return { group: await getGroup(await pageAreaContext(context), idParam(params.id)) };
  },
  component: ({ data }) => {
    const g = data.group;
    return (
      <GridPanel
        group={g}
        id="pricing-grid-new"
        title="New grid"
        initial={{ pricingGridGroupId: g.id, cells: starterText(g.speciesId) }}
      />
    );
  },
});

// ---------- one grid ----------

export const PricingGridScreen = defineScreen({
  loader: async ({ context, params }) => {
    const ctx = await pageAreaContext(context);
    const grid = await getGrid(ctx, idParam(params.id));
    const group = await getGroup(ctx, grid.pricingGridGroupId);
    // where it may be copied: groups of the same species
    const groups = await listGroups(ctx, group.speciesId);
    return { grid, group, groups };
  },
  component: ({ data }) => {
    const { grid, group } = data;
    return (
      <>
        <GridPanel
          group={group}
          id="pricing-grid-edit"
          title={`Grid ${grid.reference}`}
          initial={{
            id: grid.id,
            pricingGridGroupId: grid.pricingGridGroupId,
            reference: grid.reference,
            speciesCategoryId: grid.speciesCategoryId,
            priority: grid.priority,
            bestPrice: grid.bestPrice,
            cells: grid.cells ? gridToText(grid.cells) : "",
            lastModified: grid.lastModified,
          }}
        />
        <Folded name="copy" className="panel no-print" summary="Copy to a group">
          <DataForm
            id="pricing-grid-copy"
            fields={[
              {
                name: "pricingGridGroupId",
                label: "Into group",
                type: "select",
                required: true,
                valueType: "number",
                options: data.groups.map((g) => ({
                  value: String(g.id),
                  label: `${g.name} (${formatPeriod(g)})`,
                })),
              },
              {
                name: "reference",
                label: "Reference",
                type: "text",
                help: "Blank: the same, with “(copy)” if the group has it already.",
              },
            ]}
            initial={{ pricingGridId: grid.id, pricingGridGroupId: group.id }}
            submit={{ method: "POST", url: PRICING_API.copyGrid }}
            submitLabel="Copy"
            redirectTo={PRICING_PATHS.gridOfAnswer}
            successToast="The grid was copied."
          />
        </Folded>
        <section className="panel no-print" aria-label="Delete">
          <DeleteGridButton
            grid={grid}
            label="Delete grid"
            variant="danger"
            redirectTo={PRICING_PATHS.group(group.id)}
          />
        </section>
      </>
    );
  },
});
