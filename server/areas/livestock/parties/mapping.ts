/** Suppliers' and stakeholders' rows ↔ their answers (the super user's initial load maps with these too). */
import type { buyers, stakeholders, suppliers } from "../../../../db/tenant/schema.ts";
import type { Stakeholder, StakeholderBody, Supplier, SupplierBody } from "./schemas.ts";

export type SupplierRow = typeof suppliers.$inferSelect;
export type StakeholderRow = typeof stakeholders.$inferSelect;
export type BuyerRow = typeof buyers.$inferSelect;

export function partyRow(body: SupplierBody | StakeholderBody) {
  const c = body.primaryContact, a = body.primaryAddress, b = body.bankDetails;
  return {
    name: body.name,
    isTenant: body.isTenant,
    businessTaxIdentifier: body.businessTaxIdentifier,
    companyIdentifier: body.companyIdentifier,
    isGstExempt: body.isGstExempt,
    pic: body.pic,
    location: body.location || [a.city, a.state].filter(Boolean).join(" "),
    roles: body.roles,
    stockTypes: body.stockTypes,
    msaProperties: body.supplierMsaProperties ?? null,
    contactFirstName: c.firstName,
    contactLastName: c.lastName,
    contactEmail: c.email,
    contactMobile: c.mobile,
    contactPhone: c.phone,
    contactJobTitle: c.jobTitle,
    addressLine1: a.line1,
    addressLine2: a.line2,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    countryId: a.countryId,
    addressType: a.addressType,
    bankAccountName: b.accountName,
    bsb: b.bsb,
    bankAccountNumber: b.accountNumber,
  };
}

export function toSupplier(r: SupplierRow): Supplier {
  return {
    id: r.id,
    name: r.name,
    isTenant: r.isTenant,
    businessTaxIdentifier: r.businessTaxIdentifier,
    companyIdentifier: r.companyIdentifier,
    isGstExempt: r.isGstExempt,
    pic: r.pic,
    location: r.location,
    roles: r.roles,
    stockTypes: r.stockTypes,
    supplierMsaProperties: r.msaProperties ?? null,
    primaryContact: {
      firstName: r.contactFirstName,
      lastName: r.contactLastName,
      email: r.contactEmail,
      mobile: r.contactMobile,
      phone: r.contactPhone,
      jobTitle: r.contactJobTitle,
    },
    primaryAddress: {
      line1: r.addressLine1,
      line2: r.addressLine2,
      city: r.city,
      state: r.state,
      postcode: r.postcode,
      countryId: r.countryId,
      addressType: r.addressType,
    },
    bankDetails: { accountName: r.bankAccountName, bsb: r.bsb, accountNumber: r.bankAccountNumber },
    createdAt: r.createdAt,
    lastModified: r.lastModified,
  };
}

export function toStakeholder(r: StakeholderRow): Stakeholder {
  return { ...toSupplier(r), stakeholderType: r.stakeholderType };
}
