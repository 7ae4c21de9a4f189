import type { DataFormProps, FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { DataForm } from "../../../../pages/islands.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { MODULES, TENANT_CATEGORIES } from "../../../../access/modules.ts";
import { allSpecies } from "../queries.ts";
import { SUPER_TENANTS_API } from "../api.ts";
import { CATEGORY_LABELS } from "../../pages/SuperHome.tsx";
import { namedOptions } from "../../../../pages/scopeFields.ts";

/** The tenant form: new (with its first admin) or edit. */
export function tenantFormProps(
  initial: Record<string, unknown>,
  species: { id: number; name: string }[],
): DataFormProps {
  const isNew = !initial.id;
  const fields: FieldSpec[] = [
    { name: "id", label: "Id", type: "id" },
    { name: "name", label: "Name", type: "text", required: true },
    {
      name: "category",
      label: "Category",
      type: "select",
      required: true,
      options: TENANT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
      help: "A processor runs a plant; a producer uses the producer portal.",
    },
    ...(isNew ? [] : [{
      name: "isActive",
      label: "Active",
      type: "checkbox" as const,
      placeholder: "Its users may sign in",
    }]),
    {
      name: "sites",
      label: "Sites",
      type: "textarea",
      required: true,
      help: "One site a line. A site left out is made inactive; its records keep it.",
    },
    {
      name: "speciesIds",
      label: "Species",
      type: "multiselect",
      required: true,
      help: "Choose at least one.",
      valueType: "number",
      options: namedOptions(species),
    },
    {
      name: "modules",
      label: "Modules",
      type: "multiselect",
      required: true,
      help: "Choose at least one.",
      options: MODULES.map((m) => ({ value: m.key, label: m.displayName })),
    },
  ];
  if (isNew) {
    fields.push(
      { name: "adminEmail", label: "Email", type: "email", required: true, section: "First admin" },
      { name: "adminFirstName", label: "First name", type: "text", required: true },
      { name: "adminLastName", label: "Last name", type: "text", required: true },
    );
  }
  return {
    id: "tenant",
    title: isNew ? "New organisation" : "Organisation",
    fields,
    initial,
    submit: { method: "POST", url: SUPER_TENANTS_API.upsertTenant },
    ...(isNew
      ? {
        cancelHref: "/super/home",
        successToast: "The organisation was created and its database is ready.",
        successNotice: {
          field: "temporaryPassword",
          label:
            "The first admin's temporary password — give it to them; they must change it at first sign-in",
        },
      }
      : { successToast: "The organisation was saved." }),
  };
}

/** A new tenant: its database is created and migrated on save, and its first admin account made. */
export const SuperTenantNewScreen = defineScreen({
  loader: async ({ context }) => ({
    species: await allSpecies(await pageAreaContext(context)),
  }),
  component: ({ data }) => (
    <section className="panel">
      <DataForm
        {...tenantFormProps(
          { id: null, name: "", category: "processor", sites: "", speciesIds: [], modules: [] },
          data.species,
        )}
      />
      <p className="muted small">
        After saving, the organisation is in the <a href="/super/home">list</a>; open it to add users.
      </p>
    </section>
  ),
});
