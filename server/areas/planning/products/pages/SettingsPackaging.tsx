/**
 * Settings › Products › Product Packaging (issue 41 item 1; super): every product of the header species
 * with its packagings; ?product=<id> adds one from the defaults, with &packaging=<id> edits one; and the
 * stored packaging defaults (ProductPackagingSettings) a new packaging starts from.
 */
import { z } from "zod";
import { canEditEntity } from "../../../../access/flags.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { pageAreaContext } from "../../../context.ts";
import { listProductDefinitions } from "../operations.ts";
import { getPackagingDefaults } from "../packagingDefaults.ts";
import { PackagingDefaultsForm, PackagingForm, packagingText } from "./packagingForm.tsx";

const PATH = "/settings/products/productPackaging";

export const SettingsPackagingScreen = defineScreen({
  validateSearch: z.object({ product: idNumber().optional(), packaging: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const species = headerSpeciesAmong(context, context.caller!.species) ?? context.caller!.species[0];
    const ctx = await pageAreaContext(context);
    const [products, defaults] = await Promise.all([
      species ? listProductDefinitions(ctx, { speciesId: species.id }) : [],
      getPackagingDefaults(ctx),
    ]);
    const product = products.find((p) => p.id === search.product) ?? null;
    const packaging = product?.packagings.find((k) => k.id === search.packaging) ?? null;
    return {
      products,
      product,
      packaging,
      defaults,
      canEdit: canEditEntity(context.caller!.subject, "productDefinition"),
    };
  },
  component: ({ data }) => {
    const { products, product, packaging } = data;
    return (
      <>
        {product && (
          <PackagingForm
            productId={product.id}
            productName={product.name}
            packaging={packaging}
            defaults={data.defaults}
            backTo={PATH}
            canEdit={data.canEdit}
          />
        )}
        <PackagingDefaultsForm defaults={data.defaults} canEdit={data.canEdit} />
        <section className="panel" aria-label="Products and their packaging">
          <Table
            rows={products}
            rowKey={(p) => p.id}
            empty="No products yet."
            columns={[
              { header: "Product", cell: (p) => p.name },
              {
                header: "Packaging",
                cell: (p) =>
                  p.packagings.length
                    ? p.packagings.map((k) => (
                      <a key={k.id} href={`?product=${p.id}&packaging=${k.id}`}>
                        {k.name}: {packagingText(k)}
                        {k.isDefault ? " (default)" : ""}
                      </a>
                    ))
                    : "None",
              },
              { header: "New", cell: (p) => <a href={`?product=${p.id}`}>Add packaging</a> },
            ]}
          />
        </section>
      </>
    );
  },
});
