/**
 * Settings › Cut hierarchy overrides (spec 3 §7 "segment overrides"): the species' cut hierarchy as a tree
 * (product type › body segment › primal › cut) and the product codes reported under another cut from a
 * date, with the reason; add or edit one (?new=1, ?edit=<id>) in the data form island, delete with a
 * confirmation. Server-rendered.
 */
import { z } from "zod";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { pageAreaContext } from "../../../context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { YIELD_SETTINGS_API } from "../api.ts";
import { listSegmentOverrides, listSegments } from "../operations/overrides.ts";
import { listProductCodes } from "../operations/productCodes.ts";
import type { ProductCode, Segment, SegmentOverride } from "../schemas.ts";
import { chosenSpecies, NoSpecies, optionalId, query, SpeciesTabs, TIMING_TEXT } from "./common.tsx";
import { cutOptions } from "./ProductCodes.tsx";

const PATH = "/settings/cuthierarchyoverrides";

/** The hierarchy as nested lists; a cut with overrides says how many codes are moved to it. */
function Tree({ segments, parentId, movedTo }: {
  segments: Segment[];
  parentId: number | null;
  movedTo: Map<number, number>;
}) {
  const children = segments.filter((s) => s.parentId === parentId);
  if (!children.length) return null;
  return (
    <ul className={parentId === null ? "yield-tree" : undefined}>
      {children.map((s) => (
        <li key={s.id} data-level={s.level}>
          <span className="yield-tree-name">{s.name}</span> <span className="muted small">{s.levelName}</span>
          {movedTo.get(s.id) ? <span className="badge">{movedTo.get(s.id)} moved here</span> : null}
          <Tree segments={segments} parentId={s.id} movedTo={movedTo} />
        </li>
      ))}
    </ul>
  );
}

function OverrideForm({ editing, speciesId, codes, segments }: {
  editing: SegmentOverride | null;
  speciesId: number;
  codes: ProductCode[];
  segments: Segment[];
}) {
  const initial = editing
    ? {
      id: editing.id,
      productCodeId: editing.productCodeId,
      cutId: editing.cutId,
      effectiveFrom: editing.effectiveFrom,
      reason: editing.reason,
      lastModified: editing.lastModified,
    }
    : {};
  return (
    <section className="panel" aria-label={editing ? `Edit the override of ${editing.code}` : "New override"}>
      <DataForm
        id="segment-override"
        title={editing ? `Override of ${editing.code}` : "New cut hierarchy override"}
        fields={[
          {
            name: "productCodeId",
            label: "Product code",
            type: "select",
            valueType: "number",
            required: true,
            options: codes.filter((c) =>
              c.kind === "product"
            ).map((c) => ({
              value: String(c.id),
              label: `${c.code} ${c.description} (${c.cutPath || "no cut"})`,
            })),
          },
          {
            name: "cutId",
            label: "Report under",
            type: "select",
            valueType: "number",
            required: true,
            options: cutOptions(segments),
          },
          { name: "effectiveFrom", label: "From", type: "date", required: true },
          {
            name: "reason",
            label: "Reason",
            type: "text",
            required: true,
            placeholder: "e.g. the cut spec changed",
          },
        ]}
        initial={initial}
        submit={{ method: "POST", url: YIELD_SETTINGS_API.upsertSegmentOverride }}
        cancelHref={`${PATH}?speciesId=${speciesId}`}
        redirectTo={`${PATH}?speciesId=${speciesId}`}
        successToast="The override was saved."
      />
    </section>
  );
}

/** settingsCutHierarchyOverrides */
export const CutHierarchyOverridesScreen = defineScreen({
  validateSearch: z.object({ speciesId: optionalId, edit: optionalId, new: optionalId }),
  loader: async ({ context, search }) => {
    const species = chosenSpecies(context, search.speciesId);
    if (!species) return null;
    const ctx = await pageAreaContext(context);
    const [segments, overrides, codes] = await Promise.all([
      listSegments(ctx, species.id),
      listSegmentOverrides(ctx, species.id),
      listProductCodes(ctx, { speciesId: species.id }),
    ]);
    return { species, segments, overrides, codes: codes.rows };
  },
  component: ({ data, search, context }) => {
    if (!data) return <NoSpecies title="Cut hierarchy overrides" />;
    const { species, segments, overrides } = data;
    const editing = overrides.find((o) => o.id === search.edit) ?? null;
    const movedTo = new Map<number, number>();
    for (const o of overrides) if (o.timing !== "past") movedTo.set(o.cutId, (movedTo.get(o.cutId) ?? 0) + 1);
    return (
      <>
        <SpeciesTabs context={context} current={species.id} href={(id) => `${PATH}?speciesId=${id}`} />
        {(editing || search.new === 1) && (
          <OverrideForm editing={editing} speciesId={species.id} codes={data.codes} segments={segments} />
        )}
        <section className="panel" aria-label={`${species.name} overrides`}>
          <div className="panel-head">
            <h2>{species.name} overrides</h2>
            <a className="btn btn-primary" href={`${PATH}${query({ speciesId: species.id, new: 1 })}`}>
              New override
            </a>
          </div>
          <p className="muted small">
            A product code is reported under another cut from a date (a changed cut spec, a code used for two
            cuts). Yield reports use the override for the days from that date; earlier days keep the code's
            own cut.
          </p>
          <Table
            rows={overrides}
            rowKey={(o) => o.id}
            empty="No overrides: every code is reported under its own cut."
            columns={[
              {
                header: "Code",
                cell: (o) => <a href={`${PATH}${query({ speciesId: species.id, edit: o.id })}`}>{o.code}</a>,
              },
              { header: "Description", cell: (o) => o.description, optional: true },
              { header: "Its own cut", cell: (o) => o.ownCutPath || "—" },
              { header: "Reported under", cell: (o) => o.cutPath },
              { header: "From", cell: (o) => formatDate(o.effectiveFrom) },
              { header: "Reason", cell: (o) => o.reason },
              { header: "Status", cell: (o) => TIMING_TEXT[o.timing] },
              {
                header: "Actions",
                srOnly: true,
                cell: (o) => (
                  <ActionButton
                    label="Delete"
                    url={YIELD_SETTINGS_API.deleteSegmentOverride}
                    body={{ segmentOverrideId: o.id, lastModified: o.lastModified }}
                    variant="ghost"
                    confirm={`Delete the override of ${o.code} from ${formatDate(o.effectiveFrom)}? ` +
                      "Its days are reported under the code's own cut again."}
                    successToast="The override was deleted."
                  />
                ),
              },
            ]}
          />
        </section>
        <section className="panel" aria-label={`${species.name} cut hierarchy`}>
          <h2>{species.name} cut hierarchy</h2>
          {segments.length
            ? <Tree segments={segments} parentId={null} movedTo={movedTo} />
            : <p className="muted">No cut hierarchy for {species.name.toLowerCase()} yet.</p>}
        </section>
      </>
    );
  },
});
