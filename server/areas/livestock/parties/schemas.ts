import { idNumber } from "../../../http/params.ts";
/**
 * Suppliers, stakeholders, buyers and transport companies at the API boundary (spec 1 §3
 * "Supplier / stakeholder", spec 2 §3). Suppliers and stakeholders keep the spec's nested shape
 * (primaryContact, primaryAddress, bankDetails, supplierMsaProperties).
 */
import { z } from "@hono/zod-openapi";
import { AUSTRALIAN_STATES, STAKEHOLDER_TYPES, SUPPLIER_ROLES } from "../../../../kernel/enums.ts";
import { ADDRESS_TYPES } from "../../../../kernel/dataTypes.ts";
import { isValidAbn, isValidAcn, normalisePic, padBsb, PIC_PATTERN } from "./rules.ts";

const text = (max: number) => z.string().trim().max(max).default("");
const required = (label: string, max = 150) => z.string().trim().min(1, `Enter the ${label}`).max(max);
const email = z.string().trim().toLowerCase().max(320).refine(
  (v) => v === "" || z.string().email().safeParse(v).success,
  "Enter a valid email address",
).default("");
const phoneNumber = z.string().trim().max(20).regex(/^[+()0-9 -]*$/, "Use digits, spaces and +").default("");
const id = z.number().int().positive();
const lastModified = z.string().nullish();

export { IdParam } from "../../../http/params.ts";

export const ListQuery = z.object({
  /** search text: name, location, PIC or contact */
  q: z.string().trim().max(100).optional(),
});

const Contact = z.object({
  firstName: text(100),
  lastName: text(100),
  email,
  mobile: phoneNumber,
  phone: phoneNumber,
  jobTitle: text(100),
});

const Address = z.object({
  line1: text(200),
  line2: text(200),
  city: text(100),
  // a cleared select sends null
  state: z.union([z.enum(AUSTRALIAN_STATES), z.literal("")]).nullish().transform((v) => v ?? ""),
  postcode: z.string().trim().regex(/^(\d{4})?$/, "Use the 4-digit postcode").default(""),
  countryId: z.number().int().positive().default(36),
  addressType: z.enum(ADDRESS_TYPES).nullish().transform((v) => v ?? "Postal"),
});

const Bank = z.object({
  accountName: text(100),
  bsb: z.string().trim().regex(/^[\d -]{0,7}$/, "Use up to 6 digits").transform(padBsb)
    .refine((v) => v === "" || v.length === 6, "A BSB has 6 digits").default(""),
  accountNumber: z.string().trim().regex(/^(\d{5,10})?$/, "Use 5 to 10 digits").default(""),
});

const Msa = z.object({
  msaNumber: z.string().trim().regex(/^(\d{1,10})?$/, "Use the MSA registration number (digits)").default(""),
  isMsaAccredited: z.boolean().default(false),
});

/** Fields a supplier and a stakeholder share. */
const partyFields = {
  id: id.nullish(),
  name: required("name"),
  isTenant: z.boolean().default(false),
  businessTaxIdentifier: z.string().trim().default("").refine(
    (v) => v === "" || isValidAbn(v),
    "Not a valid ABN (11 digits)",
  ).transform((v) => v.replace(/\s/g, "")),
  companyIdentifier: z.string().trim().default("").refine(
    (v) => v === "" || isValidAcn(v),
    "Not a valid ACN (9 digits)",
  ).transform((v) => v.replace(/\s/g, "")),
  isGstExempt: z.boolean().default(false),
  pic: z.string().default("").transform(normalisePic).refine(
    (v) => v === "" || PIC_PATTERN.test(v),
    "A PIC has 8 letters or digits",
  ),
  location: text(150),
  roles: z.array(z.enum(SUPPLIER_ROLES)).max(10).default([]),
  stockTypes: z.array(idNumber()).max(10).default([]),
  supplierMsaProperties: Msa.nullish(),
  primaryContact: Contact.default(Contact.parse({})),
  primaryAddress: Address.default(Address.parse({})),
  bankDetails: Bank.default(Bank.parse({})),
  lastModified,
};

export const SupplierBody = z.object(partyFields).openapi("SupplierBody");
export type SupplierBody = z.infer<typeof SupplierBody>;

export const StakeholderBody = z.object({
  ...partyFields,
  stakeholderType: z.enum(STAKEHOLDER_TYPES, { message: "Choose the stakeholder type" }),
}).openapi("StakeholderBody");
export type StakeholderBody = z.infer<typeof StakeholderBody>;

const partyOut = {
  id: z.number(),
  name: z.string(),
  isTenant: z.boolean(),
  businessTaxIdentifier: z.string(),
  companyIdentifier: z.string(),
  isGstExempt: z.boolean(),
  pic: z.string(),
  location: z.string(),
  roles: z.array(z.string()),
  stockTypes: z.array(z.number()),
  supplierMsaProperties: z.object({ msaNumber: z.string(), isMsaAccredited: z.boolean() }).nullable(),
  primaryContact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.string(),
    phone: z.string(),
    jobTitle: z.string(),
  }),
  primaryAddress: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    countryId: z.number(),
    addressType: z.string(),
  }),
  bankDetails: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }),
  createdAt: z.string(),
  lastModified: z.string(),
};

export const Supplier = z.object(partyOut).openapi("Supplier");
export type Supplier = z.infer<typeof Supplier>;
export const Stakeholder = z.object({ ...partyOut, stakeholderType: z.string() }).openapi("Stakeholder");
export type Stakeholder = z.infer<typeof Stakeholder>;

export const SuppliersLatestQuery = z.object({
  /** ISO time of the client's copy; absent = everything */
  since: z.string().datetime({ offset: true, message: "Use an ISO date-time" }).optional(),
});

export const SuppliersLatest = z.object({
  /** the newest change on the server: the client's copy is current when it is not older */
  lastUpdated: z.string().nullable(),
  suppliers: z.array(Supplier),
}).openapi("SuppliersLatest");

export const BuyerBody = z.object({
  id: id.nullish(),
  name: required("buyer's name"),
  firstName: text(100),
  lastName: text(100),
  mobile: phoneNumber,
  email,
  isSoftDeleted: z.boolean().default(false),
  lastModified,
}).openapi("BuyerBody");
export type BuyerBody = z.infer<typeof BuyerBody>;

export const Buyer = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  email: z.string(),
  isSoftDeleted: z.boolean(),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("Buyer");

export const BuyersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  includeDeleted: z.enum(["true", "false"]).optional(),
});

export const TransportCompanyBody = z.object({
  id: id.nullish(),
  name: required("company name"),
  phone: phoneNumber,
  email,
  lastModified,
}).openapi("TransportCompanyBody");
export type TransportCompanyBody = z.infer<typeof TransportCompanyBody>;

export const TransportCompany = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("TransportCompany");
