/**
 * The packaging form (Settings › Products › Product Packaging, and a product definition's Packaging and
 * New Packaging pages): fixed or catch weight, nominal and min/max kg, pieces per carton. A new one
 * starts from the plant's stored packaging defaults (ProductPackagingSettings, ../packagingDefaults.ts),
 * whose own form is here too. Read-only without the product definitions admin flag.
 */
import { EditPanel, removal } from "../../editPanel.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { PRODUCTS_API } from "../api.ts";
import type { PackagingView } from "../../reads.ts";
import { BUILT_IN_PACKAGING, type PackagingDefaultsShape } from "../packagingDefaults.ts";

type Packaging = PackagingView & { lastModified: string };

/** The carton's own fields, shared by a packaging and the defaults. */
const CARTON_FIELDS: FieldSpec[] = [
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
];
const FIELDS: FieldSpec[] = [
  { name: "id", label: "Id", type: "id" },
  ...CARTON_FIELDS,
  { name: "isDefault", label: "The product's default packaging", type: "checkbox" },
];
const READ_ONLY = "You need the product definitions admin permission to change packaging.";

export function packagingText(k: Omit<Packaging, "id" | "lastModified" | "name" | "isDefault">) {
  return k.weightType === "catch"
    ? `Catch weight ${k.minKg}–${k.maxKg} kg (nominal ${k.nominalKg} kg)`
    : `Fixed ${k.nominalKg} kg, ${k.piecesPerCarton} ${k.piecesPerCarton === 1 ? "piece" : "pieces"}`;
}

export function PackagingForm({ productId, productName, packaging, defaults, backTo, canEdit }: {
  productId: number;
  productName: string;
  packaging: Packaging | null;
  /** what a new one starts from (the stored defaults) */
  defaults?: Omit<PackagingDefaultsShape, "lastModified">;
  backTo: string;
  canEdit: boolean;
}) {
  const start = packaging ?? { ...(defaults ?? BUILT_IN_PACKAGING), isDefault: false };
  return (
    <EditPanel
      label="Packaging"
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
      url={PRODUCTS_API.upsertPackaging}
      saved="The packaging was saved."
      backTo={backTo}
      readOnly={canEdit ? undefined : READ_ONLY}
      remove={packaging && canEdit
        ? removal(
          "Delete packaging",
          PRODUCTS_API.deletePackaging,
          packaging,
          packaging.name,
          `Delete the packaging ${packaging.name}?`,
        )
        : undefined}
    />
  );
}

/** Settings › Products › Product Packaging: the defaults a new packaging starts from. */
export function PackagingDefaultsForm(
  { defaults, canEdit }: { defaults: PackagingDefaultsShape; canEdit: boolean },
) {
  return (
    <EditPanel
      label="Packaging defaults"
      id="packaging-defaults"
      title="Packaging defaults"
      fields={CARTON_FIELDS}
      initial={defaults}
      url={PRODUCTS_API.packagingDefaults}
      saved="The packaging defaults were saved."
      readOnly={canEdit ? undefined : READ_ONLY}
    >
      <p className="muted small">
        A new packaging starts as {defaults.name}: {packagingText(defaults)}
        {defaults.lastModified ? "." : " (the built-in defaults until you save your own)."}
      </p>
    </EditPanel>
  );
}
