/**
 * Settings › Carcasses and Settings › Specifications › Carcass Types (issue 41 item 2; super): each
 * species' carcass types with their rules in plain words, and the form that adds or edits one
 * (?edit=<id> or ?edit=new): name, species, orderable, produceable and its rules. Delete asks first.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { EditPanel, removal } from "../../editPanel.tsx";
import { speciesField } from "../../../../pages/scopeFields.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { SPECS_API } from "../api.ts";
import { listCarcassTypes, listSpecificationTypes } from "../operations.ts";
import { categoryName } from "../rules.ts";
import { ruleFields, ruleInitial, ruleRowCount } from "./ruleFields.ts";

export const SPEC_SETTINGS_PATHS = {
  carcasses: "/settings/carcasses",
  carcassType: "/settings/specifications/carcassType",
  specTypes: "/settings/specifications/productSpecTypes",
  cutSpecs: "/settings/specifications/cutSpecSelector",
  carcassSpecList: "/settings/specifications/carcassSpecList",
};

/** The screen at `path` (Settings › Carcasses, or the Specifications sub-page). */
export function carcassTypesScreen(path: string) {
  return defineScreen({
    validateSearch: z.object({ edit: z.union([z.literal("new"), idNumber()]).optional() }),
    loader: async ({ context, search }) => {
      const ctx = await pageAreaContext(context);
      const [types, specTypes] = await Promise.all([listCarcassTypes(ctx), listSpecificationTypes(ctx)]);
      const current = search.edit === "new" ? null : types.find((t) => t.id === search.edit) ?? null;
      return { types, specTypes, editing: search.edit === "new" || current !== null, current };
    },
    component: ({ data, context }) => {
      const { types, specTypes, editing, current } = data;
      const species = context.caller!.species;
      const rows = ruleRowCount(current?.specifications ?? []);
      return (
        <>
          {editing && (
            <EditPanel
              label="Edit the carcass type"
              id="carcass-type"
              title={current ? `Carcass type: ${current.name}` : "New carcass type"}
              fields={[
                { name: "id", label: "Id", type: "id" },
                { name: "name", label: "Name", type: "text", required: true },
                speciesField(species),
                { name: "isOrderable", label: "Customers may order it", type: "checkbox" },
                { name: "isProduceable", label: "The plant produces it", type: "checkbox" },
                ...ruleFields(specTypes, rows),
              ]}
              initial={{
                id: current?.id ?? null,
                name: current?.name ?? "",
                speciesId: current?.speciesId ?? (species.length === 1 ? species[0].id : ""),
                isOrderable: current?.isOrderable ?? false,
                isProduceable: current?.isProduceable ?? true,
                lastModified: current?.lastModified ?? null,
                specifications: ruleInitial(current?.specifications ?? [], rows),
              }}
              url={SPECS_API.upsertCarcassType}
              saved="The carcass type was saved."
              backTo={path}
              remove={current
                ? removal(
                  "Delete carcass type",
                  SPECS_API.deleteCarcassType,
                  current,
                  current.name,
                  `Delete ${current.name} and its rules?`,
                )
                : undefined}
            />
          )}
          {species.map((s) => (
            <section key={s.id} className="panel" aria-label={`${s.name} carcass types`}>
              <div className="panel-head">
                <h2>{s.name} carcass types</h2>
                {s === species[0] && <a className="btn" href="?edit=new">New carcass type</a>}
              </div>
              <Table
                rows={types.filter((t) => t.speciesId === s.id)}
                rowKey={(t) => t.id}
                empty="No carcass types for this species."
                columns={[
                  { header: "Carcass type", cell: (t) => <a href={`?edit=${t.id}`}>{t.name}</a> },
                  { header: "Orderable", cell: (t) => (t.isOrderable ? "Yes" : "No") },
                  { header: "Produceable", cell: (t) => (t.isProduceable ? "Yes" : "No") },
                  {
                    header: "A carcass meets it when",
                    cell: (t) =>
                      t.specifications.length
                        ? t.specifications.map((r) => `${r.summary} (${categoryName(r.categoryId)})`).join(
                          "; ",
                        )
                        : "Any carcass",
                  },
                ]}
              />
            </section>
          ))}
        </>
      );
    },
  });
}
