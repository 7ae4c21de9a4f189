/**
 * Settings › Product codes (spec 2 §2.2 "page size 99999": every code of the species at once, filtered by
 * words). Server-rendered list; the add and edit form (?new=1, ?edit=<id>) is the data form island, the
 * delete a confirmed action button. A code cartons name is deactivated, not deleted.
 */
import { z } from "zod";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import type { DataFormProps, FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { SearchForm } from "../../../../../client/ui/SearchForm.tsx";
import { pageAreaContext } from "../../../context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { hasYieldRevenue } from "../../access.ts";
import { PRODUCT_KIND_NAMES, PRODUCT_KINDS } from "../../rules.ts";
import { YIELD_SETTINGS_API } from "../api.ts";
import { listProductCodes } from "../operations/productCodes.ts";
import { listSegments } from "../operations/overrides.ts";
import type { ProductCode, Segment } from "../schemas.ts";
import {
  chosenSpecies,
  NoSpecies,
  optionalId,
  percentText,
  priceText,
  query,
  SpeciesTabs,
} from "./common.tsx";

const PATH = "/settings/productcodes";
const listHref = (speciesId: number, q?: string) => `${PATH}${query({ speciesId, q })}`;

/** The cuts of a species as choices, by their path (body segment › primal › cut). */
export function cutOptions(segments: Segment[]) {
  return segments.filter((s) => s.level === "cut").map((s) => ({
    value: String(s.id),
    label: s.path.split(" › ").slice(1).join(" › "),
  }));
}

function codeFields(segments: Segment[]): FieldSpec[] {
  return [
    {
      name: "code",
      label: "Code",
      type: "text",
      required: true,
      help: "The plant's code on the carton label.",
    },
    { name: "description", label: "Description", type: "text", required: true },
    {
      name: "meatCode",
      label: "AUS-MEAT item number",
      type: "text",
      help: "Blank for the plant's own items.",
    },
    {
      name: "kind",
      label: "Kind",
      type: "select",
      required: true,
      options: PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_NAMES[k] })),
    },
    {
      name: "cutId",
      label: "Cut",
      type: "select",
      valueType: "number",
      requiredWhen: { field: "kind", equals: "product" },
      shownWhen: { field: "kind", oneOf: ["product"] },
      options: cutOptions(segments),
    },
    {
      name: "isActive",
      label: "Active",
      type: "checkbox",
      help: "Untick to stop using a code cartons name.",
    },
  ];
}

function CodeForm({ code, speciesId, segments }: {
  code: ProductCode | null;
  speciesId: number;
  segments: Segment[];
}) {
  const initial = code
    ? {
      id: code.id,
      speciesId,
      code: code.code,
      description: code.description,
      meatCode: code.meatCode ?? "",
      kind: code.kind,
      cutId: code.cutId,
      isActive: code.isActive,
      lastModified: code.lastModified,
    }
    : { speciesId, kind: "product", isActive: true };
  const props: DataFormProps = {
    id: "product-code",
    title: code ? `Product code ${code.code}` : "New product code",
    fields: codeFields(segments),
    initial,
    submit: { method: "POST", url: YIELD_SETTINGS_API.upsertProductCode },
    cancelHref: listHref(speciesId),
    redirectTo: `${PATH}?speciesId={speciesId}`,
    successToast: "The product code was saved.",
  };
  return (
    <section className="panel" aria-label={code ? `Edit ${code.code}` : "New product code"}>
      <DataForm {...props} />
      {code && !code.hasCartons && (
        <ActionButton
          label="Delete code"
          url={YIELD_SETTINGS_API.deleteProductCode}
          body={{ productCodeId: code.id, lastModified: code.lastModified }}
          variant="danger"
          confirm={`Delete ${code.code} with its standard yields, prices and overrides?`}
          successToast="The product code was deleted."
          redirectTo={listHref(speciesId)}
        />
      )}
      {code?.hasCartons && (
        <p className="muted small">Cartons were labelled with this code: untick Active to stop using it.</p>
      )}
    </section>
  );
}

/** settingsProductCodes */
export const ProductCodesScreen = defineScreen({
  validateSearch: z.object({
    speciesId: optionalId,
    q: z.string().max(100).optional(),
    edit: optionalId,
    new: optionalId,
  }),
  loader: async ({ context, search }) => {
    const species = chosenSpecies(context, search.speciesId);
    if (!species) return null;
    const ctx = await pageAreaContext(context);
    const [page, all, segments] = await Promise.all([
      listProductCodes(ctx, { speciesId: species.id, q: search.q }),
      search.edit ? listProductCodes(ctx, { speciesId: species.id }) : null,
      listSegments(ctx, species.id),
    ]);
    const editing = search.edit ? all?.rows.find((c) => c.id === search.edit) ?? null : null;
    return { species, codes: page.rows, total: page.total, segments, editing, revenue: hasYieldRevenue(ctx) };
  },
  component: ({ data, search, context }) => {
    if (!data) return <NoSpecies title="Product codes" />;
    const { species, codes, revenue } = data;
    const formOpen = data.editing !== null || search.new === 1;
    return (
      <>
        <SpeciesTabs context={context} current={species.id} href={(id) => listHref(id)} />
        {formOpen && <CodeForm code={data.editing} speciesId={species.id} segments={data.segments} />}
        <section className="panel" aria-label={`${species.name} product codes`}>
          <div className="panel-head">
            <h2>{species.name} product codes</h2>
            <SearchForm
              id="code-search"
              label="Search product codes"
              value={search.q}
              placeholder="Code, description or AUS-MEAT number"
              keep={{ speciesId: String(species.id) }}
              clearHref={listHref(species.id)}
            />
            <a className="btn btn-primary" href={`${PATH}${query({ speciesId: species.id, new: 1 })}`}>
              New code
            </a>
          </div>
          <Table
            rows={codes}
            rowKey={(c) => c.id}
            empty={search.q
              ? `No ${species.name.toLowerCase()} code matches “${search.q}”.`
              : "No codes yet."}
            columns={[
              {
                header: "Code",
                cell: (c) => <a href={`${PATH}${query({ speciesId: species.id, edit: c.id })}`}>{c.code}</a>,
                className: "nowrap",
              },
              { header: "Description", cell: (c) => c.description },
              { header: "AUS-MEAT item", cell: (c) => c.meatCode ?? "—" },
              { header: "Kind", cell: (c) => c.kindName },
              { header: "Cut", cell: (c) => c.cutPath || "—" },
              {
                header: "Standard yield",
                cell: (c) => percentText(c.standardPercent),
                className: "num nowrap",
              },
              ...(revenue
                ? [{
                  header: "$/kg",
                  cell: (c: ProductCode) => priceText(c.dollarsPerKg),
                  className: "num nowrap",
                }]
                : []),
              { header: "Active", cell: (c) => (c.isActive ? "Yes" : "No") },
            ]}
          />
          <p className="muted small">
            {codes.length} of {data.total} codes. Standard yields and prices in force today; change them under
            {" "}
            <a href={`/settings/yieldsettings?speciesId=${species.id}`}>Settings › Yield</a>.
          </p>
        </section>
      </>
    );
  },
});
