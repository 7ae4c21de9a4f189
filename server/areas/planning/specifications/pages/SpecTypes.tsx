/**
 * Settings › Specifications and its Product Spec Types sub-page (issue 41 item 2; super): the
 * specification types by category, each a kill floor field judged in §4 units, and the form that adds
 * or edits one (?edit=<id> or ?edit=new). Unknown (category 0) is not offered; the API refuses it.
 */
import { namedOptions } from "../../../../pages/scopeFields.ts";
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { EditPanel } from "../../editPanel.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { SPECS_API } from "../api.ts";
import { listSpecificationTypes } from "../operations.ts";
import { metricOf, SPEC_CATEGORIES, SPEC_METRICS } from "../rules.ts";
import { SPEC_SETTINGS_PATHS } from "./CarcassTypes.tsx";

const SUB_PAGES = [
  { href: SPEC_SETTINGS_PATHS.specTypes, label: "Product spec types" },
  { href: SPEC_SETTINGS_PATHS.cutSpecs, label: "Cut specifications" },
  { href: SPEC_SETTINGS_PATHS.carcassSpecList, label: "Carcass specifications" },
  { href: SPEC_SETTINGS_PATHS.carcassType, label: "Carcass types" },
];

/** The links between the four Specifications sub-pages. */
export function SpecificationLinks({ current }: { current: string }) {
  return (
    <nav className="panel" aria-label="Specification pages">
      {SUB_PAGES.map((p) => (
        <a
          key={p.href}
          className="btn btn-ghost"
          href={p.href}
          aria-current={p.href === current ? "page" : undefined}
        >
          {p.label}
        </a>
      ))}
    </nav>
  );
}

export function specTypesScreen(path: string) {
  return defineScreen({
    validateSearch: z.object({ edit: z.union([z.literal("new"), idNumber()]).optional() }),
    loader: async ({ context, search }) => {
      const types = await listSpecificationTypes(await pageAreaContext(context));
      const current = search.edit === "new" ? null : types.find((t) => t.id === search.edit) ?? null;
      return { types, editing: search.edit === "new" || current !== null, current };
    },
    component: ({ data }) => {
      const { types, editing, current } = data;
      return (
        <>
          <SpecificationLinks current={SPEC_SETTINGS_PATHS.specTypes} />
          <section className="panel" aria-label="Specification types">
            <div className="panel-head">
              <h2>Specification types</h2>
              <a className="btn" href="?edit=new">New specification type</a>
            </div>
            <Table
              rows={types}
              rowKey={(t) => t.id}
              empty="No specification types yet."
              columns={[
                { header: "Specification type", cell: (t) => <a href={`?edit=${t.id}`}>{t.name}</a> },
                { header: "Category", cell: (t) => t.categoryName },
                {
                  header: "Kill floor field",
                  cell: (t) => {
                    const m = metricOf(t.metric);
                    return m ? `${m.label} (${m.unit})` : t.metric;
                  },
                },
              ]}
            />
          </section>
          {editing && (
            <EditPanel
              label="Edit the specification type"
              id="spec-type"
              title={current ? `Specification type: ${current.name}` : "New specification type"}
              fields={[
                { name: "id", label: "Id", type: "id" },
                { name: "name", label: "Name", type: "text", required: true },
                {
                  name: "categoryId",
                  label: "Category",
                  type: "select",
                  required: true,
                  valueType: "number",
                  options: namedOptions(SPEC_CATEGORIES),
                },
                {
                  name: "metric",
                  label: "Kill floor field",
                  type: "select",
                  required: true,
                  options: SPEC_METRICS.map((m) => ({ value: m.key, label: `${m.label} (${m.unit})` })),
                },
              ]}
              initial={{
                id: current?.id ?? null,
                name: current?.name ?? "",
                categoryId: current?.categoryId ?? "",
                metric: current?.metric ?? "",
                lastModified: current?.lastModified ?? null,
              }}
              url={SPECS_API.upsertType}
              saved="The specification type was saved."
              backTo={path}
            />
          )}
        </>
      );
    },
  });
}
