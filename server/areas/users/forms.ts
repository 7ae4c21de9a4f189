/**
 * The field lists of the users area's forms: public to other areas (the super user's screen for a user of
 * any tenant shows the same fields; tests/unit/architecture.test.ts), with nothing of the page around them.
 */
import type { FieldSpec } from "../../../client/islands/DataForm.tsx";
import { roleLabel } from "../../access/roles.ts";
import { PASSWORD_RULE } from "../../auth/password.ts";
import { namedOptions } from "../../pages/scopeFields.ts";

/** The species and sites of a tenant, to choose from. */
export interface UserChoices {
  sites: { id: number; name: string }[];
  species: { id: number; name: string }[];
}

/** The role, species and sites a user (or an invitation) is given; roles are those the admin may give. */
export function accessFields(
  roleOptions: readonly string[],
  options: UserChoices,
): FieldSpec[] {
  return [
    {
      name: "roleLevel",
      label: "Role",
      type: "select",
      required: true,
      options: roleOptions.map((r) => ({ value: r, label: roleLabel(r) })),
    },
    {
      name: "allowedSpeciesIds",
      label: "Species",
      type: "multiselect",
      help: "None ticked: all species.",
      options: namedOptions(options.species),
    },
    {
      name: "allowedTenantSiteIds",
      label: "Sites",
      type: "multiselect",
      help: "None ticked: all sites.",
      options: namedOptions(options.sites),
    },
  ];
}

/** The invoicing user setting (spec 1 §3): narrows the invoice manager and its reports. */
export function invoicingSpeciesField(options: UserChoices): FieldSpec {
  return {
    name: "invoicingSpeciesIds",
    label: "Invoicing species",
    type: "multiselect",
    help: "The species whose invoices they see. None ticked: all of their species.",
    options: namedOptions(options.species),
  };
}

/** A user's fields, as a tenant admin (Users) or a super user (any tenant) edits them. */
export function userFields(
  roleOptions: readonly string[],
  options: UserChoices,
  identityLocked = false,
): FieldSpec[] {
  const identity = identityLocked ? { readOnly: true, help: "Only this person can change it." } : {};
  const permission = (name: string, label: string): FieldSpec => ({ name, label, type: "checkbox" });
  return [
    { name: "id", label: "Id", type: "id" },
    { name: "email", label: "Email", type: "email", required: true, ...identity },
    { name: "firstName", label: "First name", type: "text", required: true, ...identity },
    { name: "lastName", label: "Last name", type: "text", required: true, ...identity },
    { name: "phone", label: "Mobile", type: "tel", placeholder: "+61 400 000 000", ...identity },
    ...accessFields(roleOptions, options),
    invoicingSpeciesField(options),
    permission("hasSupplierAdminPermission", "May edit suppliers"),
    permission("hasTransportAdminPermission", "May edit transport companies"),
    permission("hasBuyerAdminPermission", "May edit buyers"),
    permission("hasStakeholderAdminPermission", "May edit stakeholders"),
    permission("hasProductDefinitionAdminPermission", "May edit product definitions"),
    permission("hasRecipeAdminPermission", "May edit recipes"),
  ];
}

/** A new password and its confirmation (change, reset, sign-up): the rule's length said beside it. */
export function newPasswordFields(
  name = "newPassword",
  labels = { password: "New password", confirm: "Confirm new password" },
): FieldSpec[] {
  return [
    {
      name,
      label: labels.password,
      type: "password",
      required: true,
      autoComplete: "new-password",
      help: `At least ${PASSWORD_RULE.minLength} characters.`,
    },
    {
      name: "confirmPassword",
      label: labels.confirm,
      type: "password",
      required: true,
      matches: name,
      autoComplete: "new-password",
    },
  ];
}
