/**
 * A product definition (issue 41 item 1): productdefinition/{id} (or /new) edits its name, reference and
 * red meat cut; …/map chooses the plant codes packed as it (a code maps to one product: codes of other
 * products are shown but not offered); …/productPackaging lists and edits its packagings;
 * …/newProductPackaging adds one. Read-only without the product definitions admin flag.
 */
import { z } from "zod";
import { canEditEntity } from "../../../../access/flags.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { DataForm } from "../../../../pages/islands.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import { speciesField } from "../../../../pages/scopeFields.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { PRODUCTS_API } from "../api.ts";
import { getProductDefinition, listProductDefinitions } from "../operations.ts";
import { codeChoices } from "../codeChoices.ts";
import { getPackagingDefaults } from "../packagingDefaults.ts";
import { PackagingForm, packagingText } from "./packagingForm.tsx";

export const PRODUCT_DETAIL_PATHS = {
  detail: (id: number | "new") => `/productionscheduling/productdefinition/${id}`,
  map: (id: number) => `/productionscheduling/productdefinition/${id}/map`,
  packaging: (id: number) => `/productionscheduling/productdefinition/${id}/productPackaging`,
  newPackaging: (id: number) => `/productionscheduling/productdefinition/${id}/newProductPackaging`,
};
const READ_ONLY = "You need the product definitions admin permission to change products.";

const canEdit = (context: PageContext) => canEditEntity(context.caller!.subject, "productDefinition");

async function productOf(context: PageContext, id: string | undefined) {
  const productId = Number(id);
  if (!Number.isInteger(productId) || productId <= 0) throw ApiError.notFound("That product does not exist.");
  return await getProductDefinition(await pageAreaContext(context), productId);
}

type Product = Awaited<ReturnType<typeof getProductDefinition>>;

function ProductLinks({ product }: { product: Product }) {
  return (
    <nav className="panel" aria-label="Product pages">
      <a className="btn btn-ghost" href={PRODUCT_DETAIL_PATHS.detail(product.id)}>{product.name}</a>
      <a className="btn btn-ghost" href={PRODUCT_DETAIL_PATHS.map(product.id)}>Codes</a>
      <a className="btn btn-ghost" href={PRODUCT_DETAIL_PATHS.packaging(product.id)}>Packaging</a>
      <a className="btn btn-ghost" href={PRODUCT_DETAIL_PATHS.newPackaging(product.id)}>New packaging</a>
    </nav>
  );
}

/** productdefinition/{id}: the product's own fields; its codes are kept as they are (changed on Map). */
export const ProductDefinitionScreen = defineScreen({
  loader: async ({ context, params }) => ({
    product: params.id === "new" ? null : await productOf(context, params.id),
    canEdit: canEdit(context),
  }),
  component: ({ data, context }) => {
    const { product } = data;
    const species = context.caller!.species;
    return (
      <>
        {product && <ProductLinks product={product} />}
        <section className="panel" aria-label="Product">
          <DataForm
            id="product-definition"
            title={product ? product.name : "New product"}
            fields={[
              { name: "id", label: "Id", type: "id" },
              { name: "name", label: "Product", type: "text", required: true },
              { name: "referenceNumber", label: "Reference", type: "text" },
              speciesField(species, { readOnly: Boolean(product) }),
              { name: "statCut", label: "Reported under cut", type: "text", help: "e.g. leg, rack, loin" },
              { name: "isRedMeatCut", label: "Red meat cut", type: "checkbox" },
            ]}
            initial={{
              id: product?.id ?? null,
              name: product?.name ?? "",
              referenceNumber: product?.referenceNumber ?? "",
              speciesId: product?.speciesId ?? (species.length === 1 ? species[0].id : ""),
              statCut: product?.statCut ?? "",
              isRedMeatCut: product?.isRedMeatCut ?? false,
              productCodeIds: product?.codes.map((c) => c.id) ?? [],
              lastModified: product?.lastModified ?? null,
            }}
            submit={{ method: "POST", url: PRODUCTS_API.upsert }}
            successToast="The product was saved."
            cancelHref="/productionscheduling/productdefinitions"
            redirectTo="/productionscheduling/productdefinition/{id}"
            readOnly={data.canEdit ? undefined : READ_ONLY}
          />
        </section>
        {product && (
          <section className="panel" aria-label="Codes and packaging">
            <p>
              Codes: {product.codes.map((c) => `${c.code} (${c.description})`).join(", ") || "none mapped"}.
            </p>
            <p>
              Packaging:{" "}
              {product.packagings.map((k) => `${k.name}: ${packagingText(k)}`).join("; ") || "none"}.
            </p>
          </section>
        )}
      </>
    );
  },
});

/** productdefinition/{id}/map: the plant codes packed as the product. */
export const ProductMapScreen = defineScreen({
  loader: async ({ context, params }) => {
    const product = await productOf(context, params.id);
    const ctx = await pageAreaContext(context);
    const [codes, products] = await Promise.all([
      codeChoices(ctx, product.speciesId),
      listProductDefinitions(ctx, { speciesId: product.speciesId }),
    ]);
    return { product, codes, products, canEdit: canEdit(context) };
  },
  component: ({ data }) => {
    const { product, codes, products } = data;
    const name = new Map(products.map((p) => [p.id, p.name]));
    return (
      <>
        <ProductLinks product={product} />
        <section className="panel" aria-label="Map codes">
          <DataForm
            id="product-map"
            title={`Codes packed as ${product.name}`}
            fields={[{
              name: "productCodeIds",
              label: "Plant codes",
              type: "multiselect",
              valueType: "number",
              options: codes.map((c) => {
                const other = c.productDefinitionId && c.productDefinitionId !== product.id;
                return {
                  value: String(c.id),
                  label: `${c.code} ${c.description}${
                    other ? ` (mapped to ${name.get(c.productDefinitionId!)})` : ""
                  }`,
                  disabled: Boolean(other),
                };
              }),
              help: "A code is packed as one product only.",
            }]}
            initial={{
              id: product.id,
              name: product.name,
              referenceNumber: product.referenceNumber,
              speciesId: product.speciesId,
              statCut: product.statCut,
              isRedMeatCut: product.isRedMeatCut,
              productCodeIds: product.codes.map((c) => c.id),
              lastModified: product.lastModified,
            }}
            submit={{ method: "POST", url: PRODUCTS_API.upsert }}
            successToast="The codes were mapped."
            cancelHref={PRODUCT_DETAIL_PATHS.detail(product.id)}
            readOnly={data.canEdit ? undefined : READ_ONLY}
          />
        </section>
      </>
    );
  },
});

/** productdefinition/{id}/productPackaging: the product's packagings; ?packaging=<id> edits one. */
export const ProductPackagingScreen = defineScreen({
  validateSearch: z.object({ packaging: idNumber().optional() }),
  loader: async ({ context, params, search }) => {
    const product = await productOf(context, params.id);
    const editing = product.packagings.find((k) => k.id === search.packaging) ?? null;
    return { product, editing, canEdit: canEdit(context) };
  },
  component: ({ data }) => {
    const { product, editing } = data;
    const back = PRODUCT_DETAIL_PATHS.packaging(product.id);
    return (
      <>
        <ProductLinks product={product} />
        <section className="panel" aria-label="Packagings">
          <h2>Packaging of {product.name}</h2>
          <Table
            rows={product.packagings}
            rowKey={(k) => k.id}
            empty="No packaging yet."
            columns={[
              { header: "Packaging", cell: (k) => <a href={`?packaging=${k.id}`}>{k.name}</a> },
              { header: "Carton", cell: (k) => packagingText(k) },
              { header: "Default", cell: (k) => (k.isDefault ? "Yes" : "No") },
            ]}
          />
        </section>
        {editing && (
          <PackagingForm
            productId={product.id}
            productName={product.name}
            packaging={editing}
            backTo={back}
            canEdit={data.canEdit}
          />
        )}
      </>
    );
  },
});

/** productdefinition/{id}/newProductPackaging: a new packaging from the defaults. */
export const NewPackagingScreen = defineScreen({
  loader: async ({ context, params }) => ({
    product: await productOf(context, params.id),
    defaults: await getPackagingDefaults(await pageAreaContext(context)),
    canEdit: canEdit(context),
  }),
  component: ({ data }) => (
    <>
      <ProductLinks product={data.product} />
      <PackagingForm
        productId={data.product.id}
        productName={data.product.name}
        packaging={null}
        defaults={data.defaults}
        backTo={PRODUCT_DETAIL_PATHS.packaging(data.product.id)}
        canEdit={data.canEdit}
      />
    </>
  ),
});
