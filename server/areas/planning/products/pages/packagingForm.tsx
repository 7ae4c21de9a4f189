/**
 * The packaging form (Settings › Products › Product Packaging, and a product definition's Packaging and
 * New Packaging pages): fixed or catch weight, nominal and min/max kg, pieces per carton. A new one
 * starts from the plant's packaging defaults (a 20 kg fixed-weight carton of 1 piece; spec 2
 * ProductPackagingSettings). Read-only without the product definitions admin flag.
 */
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { PRODUCTS_API } from "../api.ts";

type Packaging = {
  id: number;
  name: string;
  weightType: "fixed" | "catch";
  nominalKg: number;
  minKg: number;
  maxKg: number;
  piecesPerCarton: number;
  isDefault: boolean;
  lastModified: string;
};

/** What a new packaging starts from (ProductPackagingSettings' defaults). */
export const PACKAGING_DEFAULTS = {
  name: "Carton",
  weightType: "fixed",
  nominalKg: 20,
  minKg: 20,
  maxKg: 20,
  piecesPerCarton: 1,
  isDefault: false,
} as const;

const FIELDS: FieldSpec[] = [
  { name: "id", label: "Id", type: "id" },
  { name: "name", label: "Packaging", type: "text", required: true },
  {
    name: "weightType",
    label: "Weight",
    type: "select",
    required: true,
    options: [
      { value: "fixed", label: "Fixed weight" },
      { value: "catch", label: "Catch weight (each carton weighed)" },
    ],
  },
  { name: "nominalKg", label: "Nominal kg", type: "number", required: true },
  { name: "minKg", label: "Minimum kg", type: "number", required: true },
  { name: "maxKg", label: "Maximum kg", type: "number", required: true },
  { name: "piecesPerCarton", label: "Pieces per carton", type: "number", required: true },
  { name: "isDefault", label: "The product's default packaging", type: "checkbox" },
];

export function packagingText(k: Omit<Packaging, "id" | "lastModified" | "name" | "isDefault">) {
  return k.weightType === "catch"
    ? `Catch weight ${k.minKg}–${k.maxKg} kg (nominal ${k.nominalKg} kg)`
    : `Fixed ${k.nominalKg} kg, ${k.piecesPerCarton} ${k.piecesPerCarton === 1 ? "piece" : "pieces"}`;
}

export function PackagingForm({ productId, productName, packaging, backTo, canEdit }: {
  productId: number;
  productName: string;
  packaging: Packaging | null;
  backTo: string;
  canEdit: boolean;
}) {
  const start = packaging ?? PACKAGING_DEFAULTS;
  return (
    <section className="panel" aria-label="Packaging">
      <DataForm
        id={`packaging-${productId}`}
        title={packaging ? `${productName}: ${packaging.name}` : `New packaging for ${productName}`}
        fields={FIELDS}
        initial={{
          id: packaging?.id ?? null,
          productDefinitionId: productId,
          name: start.name,
          weightType: start.weightType,
          nominalKg: start.nominalKg,
          minKg: start.minKg,
          maxKg: start.maxKg,
          piecesPerCarton: start.piecesPerCarton,
          isDefault: start.isDefault,
          lastModified: packaging?.lastModified ?? null,
        }}
        submit={{ method: "POST", url: PRODUCTS_API.upsertPackaging }}
        successToast="The packaging was saved."
        cancelHref={backTo}
        redirectTo={backTo}
        readOnly={canEdit
          ? undefined
          : "You need the product definitions admin permission to change packaging."}
      />
      {packaging && canEdit && (
        <ActionButton
          label="Delete packaging"
          variant="danger"
          url={PRODUCTS_API.deletePackaging}
          body={{ id: packaging.id, lastModified: packaging.lastModified }}
          confirm={`Delete the packaging ${packaging.name}?`}
          successToast={`${packaging.name} was deleted.`}
          redirectTo={backTo}
        />
      )}
    </section>
  );
}
