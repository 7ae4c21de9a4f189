/** The add/edit form fields of each kind of party (names are the bodies' fields, schemas.ts). */
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import { namedOptions } from "../../../../pages/scopeFields.ts";
import { dataTypeOptions } from "../../../../../kernel/dataTypes.ts";
import type { PartyKind } from "../paths.ts";

const text = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  type: "text",
  ...extra,
});

function partyFields(kind: "supplier" | "stakeholder", context: PageContext): FieldSpec[] {
  return [
    { name: "id", label: "Id", type: "id" },
    text("name", "Name", { required: true }),
    ...(kind === "stakeholder"
      ? [
        {
          name: "stakeholderType",
          label: "Type",
          type: "select",
          required: true,
          options: dataTypeOptions("stakeholderType"),
        } as FieldSpec,
      ]
      : [
        {
          name: "roles",
          label: "Roles",
          type: "multiselect",
          options: dataTypeOptions("supplierRole"),
        } as FieldSpec,
      ]),
    text("pic", "PIC", {
      help: "Property Identification Code: 8 letters or digits.",
      placeholder: "NA123456",
    }),
    text("location", "Location", { help: "Blank: the town and state of the address." }),
    text("businessTaxIdentifier", "ABN", { placeholder: "51 824 753 556" }),
    text("companyIdentifier", "ACN"),
    { name: "isGstExempt", label: "GST exempt", type: "checkbox" },
    {
      name: "stockTypes",
      label: "Stock types",
      type: "multiselect",
      valueType: "number",
      options: namedOptions(context.caller!.species),
    },
    text("supplierMsaProperties.msaNumber", "MSA number"),
    { name: "supplierMsaProperties.isMsaAccredited", label: "MSA accredited", type: "checkbox" },
    text("primaryContact.firstName", "First name", { section: "Primary contact" }),
    text("primaryContact.lastName", "Last name"),
    { name: "primaryContact.email", label: "Email", type: "email" },
    { name: "primaryContact.mobile", label: "Mobile", type: "tel", placeholder: "0412 345 678" },
    { name: "primaryContact.phone", label: "Phone", type: "tel" },
    text("primaryContact.jobTitle", "Job title"),
    text("primaryAddress.line1", "Address", { section: "Primary address" }),
    text("primaryAddress.line2", "Address line 2"),
    text("primaryAddress.city", "Town"),
    { name: "primaryAddress.state", label: "State", type: "select", options: dataTypeOptions("state") },
    text("primaryAddress.postcode", "Postcode"),
    {
      name: "primaryAddress.addressType",
      label: "Address type",
      type: "select",
      options: dataTypeOptions("addressType"),
    },
    text("bankDetails.accountName", "Account name", { section: "Bank details" }),
    text("bankDetails.bsb", "BSB", {
      help: "Six digits; shorter numbers get leading zeros.",
      placeholder: "062-000",
    }),
    text("bankDetails.accountNumber", "Account number"),
  ];
}

export function fieldsOf(kind: PartyKind, context: PageContext): FieldSpec[] {
  switch (kind) {
    case "supplier":
    case "stakeholder":
      return partyFields(kind, context);
    case "buyer":
      return [
        { name: "id", label: "Id", type: "id" },
        text("name", "Name", {
          required: true,
          help: "The buying desk or program, e.g. Export Lamb Program.",
        }),
        text("firstName", "First name"),
        text("lastName", "Last name"),
        { name: "mobile", label: "Mobile", type: "tel" },
        { name: "email", label: "Email", type: "email" },
        {
          name: "isSoftDeleted",
          label: "Removed",
          type: "checkbox",
          help: "Removed buyers keep their past orders but are not offered for new ones.",
        },
      ];
    case "transportCompany":
      return [
        { name: "id", label: "Id", type: "id" },
        text("name", "Name", { required: true }),
        { name: "phone", label: "Phone", type: "tel" },
        { name: "email", label: "Email", type: "email" },
      ];
  }
}
