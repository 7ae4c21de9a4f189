/**
 * The columns of each kind of initial-load spreadsheet: friendly headers a processor's office fills in,
 * each tied to the field of the party form's body it feeds (server/areas/livestock/parties/schemas.ts),
 * so a row is checked by the very schema the app's own add/edit forms use.
 */
import { AUSTRALIAN_STATES, STAKEHOLDER_TYPES, SUPPLIER_ROLES } from "../../../../kernel/enums.ts";

export const LOAD_KINDS = ["suppliers", "stakeholders", "buyers", "transportCompanies"] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

/** How a cell becomes a body value. */
export type CellKind = "text" | "yesNo" | "choice" | "list" | "species";

export interface LoadColumn {
  header: string;
  /** the party body's field, dotted for nested ones (primaryContact.email) */
  field: string;
  kind: CellKind;
  required?: boolean;
  /** what the cell takes, in words (the page's column guide) */
  help: string;
  /** the template's example row */
  example: string;
  /** the values a choice or list cell may hold */
  choices?: readonly string[];
  /** other headers spreadsheets use for the same thing */
  aliases?: readonly string[];
  /** Yes is stored as false ("GST registered" is the app's "GST exempt" turned round) */
  inverted?: boolean;
}

const col = (
  header: string,
  field: string,
  help: string,
  example: string,
  more: Partial<LoadColumn> = {},
): LoadColumn => ({ header, field, help, example, kind: "text", ...more });

const NAME = (help: string, example: string) =>
  col("Name", "name", help, example, { required: true, aliases: ["Business name", "Trading name"] });

/** What suppliers and stakeholders share after their name (and a stakeholder's type, a supplier's roles). */
const PARTY_DETAILS: readonly LoadColumn[] = [
  col("PIC", "pic", "Property Identification Code: 8 letters or digits.", "NA123456", {
    aliases: ["Property identification code"],
  }),
  col(
    "ABN",
    "businessTaxIdentifier",
    "11 digits; spaces are fine. Checked with the ATO's check digits.",
    "51 824 753 556",
  ),
  col("ACN", "companyIdentifier", "9 digits, for a company. Checked with ASIC's check digit.", "004 085 616"),
  col(
    "GST registered",
    "isGstExempt",
    "Yes or No (blank: Yes for a new one). No: invoices to them carry no GST.",
    "Yes",
    {
      kind: "yesNo",
      inverted: true,
    },
  ),
  col("Location", "location", "A place name as people say it. Blank: the town and state.", "Wagga Wagga NSW"),
];

const STOCK_AND_MSA: readonly LoadColumn[] = [
  col("Stock types", "stockTypes", "The organisation's species they supply, split by ;", "Sheep; Beef", {
    kind: "species",
    aliases: ["Species"],
  }),
  col(
    "MSA number",
    "supplierMsaProperties.msaNumber",
    "The MSA producer registration number (digits).",
    "123456",
  ),
  col(
    "MSA accredited",
    "supplierMsaProperties.isMsaAccredited",
    "Yes or No (blank: No for a new one).",
    "Yes",
    {
      kind: "yesNo",
    },
  ),
];

const CONTACT_ADDRESS_BANK: readonly LoadColumn[] = [
  col("Contact first name", "primaryContact.firstName", "The main contact.", "Sarah"),
  col("Contact last name", "primaryContact.lastName", "", "McKenzie"),
  col("Contact email", "primaryContact.email", "An email address.", "sarah@kooringal.com.au", {
    aliases: ["Email"],
  }),
  col("Contact mobile", "primaryContact.mobile", "Digits, spaces and +.", "0412 345 678", {
    aliases: ["Mobile"],
  }),
  col("Contact phone", "primaryContact.phone", "Digits, spaces and +.", "02 6925 1234", {
    aliases: ["Phone"],
  }),
  col("Contact job title", "primaryContact.jobTitle", "", "Manager"),
  col("Address line 1", "primaryAddress.line1", "Street or PO Box.", "1250 Olympic Highway", {
    aliases: ["Address", "Street"],
  }),
  col("Address line 2", "primaryAddress.line2", "", ""),
  col("Town", "primaryAddress.city", "Town or suburb.", "Wagga Wagga", { aliases: ["Suburb", "City"] }),
  col("State", "primaryAddress.state", "NSW, VIC, QLD, SA, WA, TAS, NT or ACT (or the full name).", "NSW", {
    kind: "choice",
    choices: AUSTRALIAN_STATES,
  }),
  col("Postcode", "primaryAddress.postcode", "4 digits (a spreadsheet's 800 is read as 0800).", "2650"),
  col(
    "Address type",
    "primaryAddress.addressType",
    "Postal, Property or Business (blank: Postal for a new one).",
    "Postal",
    {
      kind: "choice",
      choices: ["Postal", "Property", "Business"],
    },
  ),
  col("Bank account name", "bankDetails.accountName", "For remittances.", "Kooringal Pastoral Co"),
  col("BSB", "bankDetails.bsb", "6 digits; 062-000 is fine; fewer digits get leading zeros.", "062-000"),
  col("Bank account number", "bankDetails.accountNumber", "5 to 10 digits.", "12345678", {
    aliases: ["Account number"],
  }),
];

export interface KindInfo {
  /** "Suppliers" */
  title: string;
  /** "supplier" / "suppliers", in sentences */
  one: string;
  many: string;
  /** the tenant audit trail's entity name (the parties service writes the same) */
  entity: "supplier" | "stakeholder" | "buyer" | "transportCompany";
  /** rows are matched with the organisation's by name and PIC, or by name alone */
  key: "namePic" | "name";
  columns: readonly LoadColumn[];
}

export const KINDS: Record<LoadKind, KindInfo> = {
  suppliers: {
    title: "Suppliers",
    one: "supplier",
    many: "suppliers",
    entity: "supplier",
    key: "namePic",
    columns: [
      NAME("The business name, as on their invoices and NVDs.", "Kooringal Pastoral Co"),
      col("Roles", "roles", `${SUPPLIER_ROLES.join(", ")}; several split by ;`, "Producer", {
        kind: "list",
        choices: SUPPLIER_ROLES,
      }),
      ...PARTY_DETAILS,
      ...STOCK_AND_MSA,
      ...CONTACT_ADDRESS_BANK,
    ],
  },
  stakeholders: {
    title: "Stakeholders",
    one: "stakeholder",
    many: "stakeholders",
    entity: "stakeholder",
    key: "namePic",
    columns: [
      NAME("Agents, feedlots, saleyards and others an order goes through.", "Riverina Livestock Agents"),
      col("Type", "stakeholderType", `${STAKEHOLDER_TYPES.join(", ")}.`, "Agent", {
        kind: "choice",
        choices: STAKEHOLDER_TYPES,
        required: true,
      }),
      ...PARTY_DETAILS,
      ...STOCK_AND_MSA,
      ...CONTACT_ADDRESS_BANK,
    ],
  },
  buyers: {
    title: "Buyers",
    one: "buyer",
    many: "buyers",
    entity: "buyer",
    key: "name",
    columns: [
      NAME("The buying desk or program, e.g. Export Lamb Program.", "Export Lamb Program"),
      col("First name", "firstName", "The buyer's own name.", "Hamish"),
      col("Last name", "lastName", "", "Ferguson"),
      col("Mobile", "mobile", "Digits, spaces and +.", "0423 456 789"),
      col("Email", "email", "An email address.", "hamish@example.com.au"),
    ],
  },
  transportCompanies: {
    title: "Transport companies",
    one: "transport company",
    many: "transport companies",
    entity: "transportCompany",
    key: "name",
    columns: [
      NAME("The carrier's business name.", "Outback Haulage"),
      col("Phone", "phone", "Digits, spaces and +.", "02 6921 0000"),
      col("Email", "email", "An email address.", "bookings@outbackhaulage.com.au"),
    ],
  },
};

/** Full state names as people type them, to the abbreviation the app keeps. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  "australian capital territory": "ACT",
  "new south wales": "NSW",
  "northern territory": "NT",
  queensland: "QLD",
  "south australia": "SA",
  tasmania: "TAS",
  victoria: "VIC",
  "western australia": "WA",
};
