/**
 * Settings › Specifications › Carcass Types (issue 41 item 2; super): each species' carcass types with
 * their rules in plain words and categories. Server-rendered, no island; types are changed through the API
 * (UpsertCarcassType) until the editing screen is built.
 */
import { Table } from "../../../../../client/ui/Table.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { listCarcassTypes } from "../operations.ts";
import { categoryName } from "../rules.ts";

export const CarcassTypesScreen = defineScreen({
  loader: async ({ context }) => await listCarcassTypes(await pageAreaContext(context)),
  component: ({ data, context }) => (
    <>
      {context.caller!.species.map((s) => (
        <section key={s.id} className="panel" aria-label={`${s.name} carcass types`}>
          <h2>{s.name} carcass types</h2>
          <Table
            rows={data.filter((t) =>
              t.speciesId === s.id
            )}
            rowKey={(t) =>
              t.id}
            empty="No carcass types for this species."
            columns={[
              { header: "Carcass type", cell: (t) => t.name },
              { header: "Orderable", cell: (t) => (t.isOrderable ? "Yes" : "No") },
              { header: "Produceable", cell: (t) => (t.isProduceable ? "Yes" : "No") },
              {
                header: "A carcass meets it when",
                cell: (t) =>
                  t.specifications.length
                    ? t.specifications.map((r) => `${r.summary} (${categoryName(r.categoryId)})`).join("; ")
                    : "Any carcass",
              },
            ]}
          />
        </section>
      ))}
    </>
  ),
});
