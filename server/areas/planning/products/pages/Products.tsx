/**
 * Product definitions (issue 41 item 1): the list with its summary, and the resolver that maps the codes
 * seen in cartons but mapped to no product, one at a time. Server-rendered; the resolver's form is the data
 * form island. Without the product definitions admin flag the form is read-only (the API refuses too).
 */
import { namedOptions } from "../../../../pages/scopeFields.ts";
import { z } from "zod";
import { canEditEntity } from "../../../../access/flags.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { plural } from "../../../../../client/ui/plural.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import { NoSpecies } from "../../noSpecies.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { PRODUCTS_API } from "../api.ts";
import { packagingText } from "./packagingForm.tsx";
import { listProductDefinitions, productSummary, unmappedCodes } from "../operations.ts";

export const PRODUCT_PATHS = {
  list: "/productionscheduling/productdefinitions",
  unmapped: (productCodeId: number) => `/productionscheduling/productDefinitionUnmapped/${productCodeId}`,
  resolver: (productCodeId?: number) =>
    `/productionscheduling/productDefinitionResolver${productCodeId ? `/${productCodeId}` : ""}`,
};

const speciesOf = (context: PageContext) =>
  headerSpeciesAmong(context, context.caller!.species) ?? context.caller!.species[0];

/** productdefinitions: the header species' products, their codes and packaging, and the summary. */
export const ProductDefinitionsScreen = defineScreen({
  loader: async ({ context }) => {
    const species = speciesOf(context);
    if (!species) return null;
    const ctx = await pageAreaContext(context);
    const [products, summary] = await Promise.all([
      listProductDefinitions(ctx, { speciesId: species.id }),
      productSummary(ctx, { speciesId: species.id }),
    ]);
    return { species, products, summary };
  },
  component: ({ data }) => {
    if (!data) return <NoSpecies />;
    const { species, products, summary } = data;
    return (
      <>
        <section className="panel" aria-label="Summary">
          <div className="panel-head">
            <h2>{species.name} product definitions</h2>
            <a className="btn btn-primary" href={PRODUCT_PATHS.resolver()}>
              Resolve unmapped codes ({summary.unmappedCodes})
            </a>
          </div>
          <p>
            {plural(summary.products, "product")}, {plural(summary.mappedCodes, "code")} mapped,{" "}
            {plural(summary.redMeatCuts, "red meat cut")}, {formatHead(summary.withoutPackaging)}{" "}
            without packaging. {summary.latestCartonAt
              ? `Cartons last received ${formatDate(summary.latestCartonAt.slice(0, 10))}.`
              : "No cartons received yet."}
          </p>
        </section>
        <section className="panel" aria-label="Products">
          <Table
            rows={products}
            rowKey={(p) => p.id}
            empty="No products yet."
            columns={[
              {
                header: "Product",
                cell: (p) => <a href={`/productionscheduling/productdefinition/${p.id}`}>{p.name}</a>,
              },
              { header: "Reference", cell: (p) => p.referenceNumber },
              { header: "Codes", cell: (p) => p.codes.map((c) => c.code).join(", ") || "None mapped" },
              {
                header: "Packaging",
                cell: (p) => (p.packagings[0] ? packagingText(p.packagings[0]) : "None"),
              },
              { header: "Red meat cut", cell: (p) => (p.isRedMeatCut ? "Yes" : "No") },
            ]}
          />
          {/* after the products: a product's own link comes first on the page */}
          <p>
            <a className="btn" href="/productionscheduling/productdefinition/new">New product</a>
          </p>
        </section>
      </>
    );
  },
});

/** productDefinitionResolver/{selectedKey?}: the unmapped codes; the chosen one is mapped by the form. */
export const ProductDefinitionResolverScreen = defineScreen({
  validateSearch: z.object({}),
  loader: async ({ context, params }) => {
    const species = speciesOf(context);
    if (!species) return null;
    const ctx = await pageAreaContext(context);
    const [codes, products] = await Promise.all([
      unmappedCodes(ctx, { speciesId: species.id }),
      listProductDefinitions(ctx, { speciesId: species.id }),
    ]);
    // productDefinitionResolver/{selectedKey} or productDefinitionUnmapped/{id}: the code to map
    const { selectedKey: key, id } = params as Record<string, string | undefined>;
    const selectedKey = Number(key ?? id);
    const selected = codes.find((c) => c.productCodeId === selectedKey) ?? codes[0] ?? null;
    return {
      species,
      codes,
      products,
      selected,
      canEdit: canEditEntity(context.caller!.subject, "productDefinition"),
    };
  },
  component: ({ data }) => {
    if (!data) return <NoSpecies />;
    const { species, codes, products, selected } = data;
    return (
      <>
        <section className="panel" aria-label="Unmapped codes">
          <div className="panel-head">
            <h2>{species.name}: codes seen in cartons without a product</h2>
            <a className="btn" href={PRODUCT_PATHS.list}>Product definitions</a>
          </div>
          <Table
            rows={codes}
            rowKey={(c) => c.productCodeId}
            empty="Every code seen in cartons is mapped to a product."
            columns={[
              {
                header: "Code",
                cell: (c) => (
                  <a
                    href={PRODUCT_PATHS.unmapped(c.productCodeId)}
                    aria-current={c === selected ? "true" : undefined}
                  >
                    {c.code}
                  </a>
                ),
              },
              { header: "Description", cell: (c) => c.description },
              { header: "Cartons", cell: (c) => c.cartons },
              { header: "Kg", cell: (c) => c.kg.toLocaleString("en-AU") },
              { header: "Last packed", cell: (c) => formatDate(c.lastSeen) },
            ]}
          />
        </section>
        {selected && (
          <section className="panel" aria-label="Map the code">
            <DataForm
              id="resolve-code"
              title={`Map ${selected.code} (${selected.description})`}
              fields={[
                {
                  name: "productDefinitionId",
                  label: "Product",
                  type: "select",
                  valueType: "number",
                  options: namedOptions(products),
                  help: "The product this code is packed as.",
                },
                {
                  name: "newProductName",
                  label: "Or a new product named",
                  type: "text",
                  help: "Leave the product blank to make a new one.",
                },
              ]}
              initial={{
                productCodeId: selected.productCodeId,
                productDefinitionId: null,
                newProductName: "",
              }}
              submit={{ method: "POST", url: PRODUCTS_API.resolve }}
              submitLabel="Map code"
              successToast={`${selected.code} was mapped.`}
              redirectTo={PRODUCT_PATHS.resolver()}
              readOnly={data.canEdit
                ? undefined
                : "You need the product definitions admin permission to map codes."}
            />
          </section>
        )}
      </>
    );
  },
});
