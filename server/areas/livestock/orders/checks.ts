/**
 * What a saved group or order may refer to: this tenant's suppliers, buyers, carriers, stakeholders,
 * species, sites and a pricing group the order form would offer. Each failure is a 400 on its field.
 */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { buyers, livestockOrderGroups, suppliers, transportCompanies } from "../../../../db/tenant/schema.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { speciesCategoriesOf } from "../../../../kernel/enums.ts";
import { pricingOptions } from "../../pricing/rules.ts";
import type { GroupRow } from "./mapping.ts";
import { pricingGroupsIn } from "./queries.ts";
import type { OrderDto, OrderGroupDto } from "./schemas.ts";

type FieldError = { field: string; message: string };

/** The group's supplier, buyer, carrier and species must be this tenant's. */
export async function checkGroupReferences(tx: TenantTx, ctx: AreaContext, dto: OrderGroupDto) {
  const field = (name: keyof OrderGroupDto) => `livestockOrderGroupDto.${name}`;
  const errors: FieldError[] = [];
  if (!ctx.scope.hasSpecies(dto.speciesId)) {
    errors.push({ field: field("speciesId"), message: "Choose a species this organisation handles." });
  }
  if (
    dto.speciesCategoryId && !speciesCategoriesOf(dto.speciesId).some((c) => c.id === dto.speciesCategoryId)
  ) {
    errors.push({ field: field("speciesCategoryId"), message: "Choose a category of the species." });
  }
  if (
    !await tx.query.suppliers.findFirst({ where: eq(suppliers.id, dto.supplierId), columns: { id: true } })
  ) {
    errors.push({ field: field("supplierId"), message: "Choose a supplier." });
  }
  if (dto.buyerId) {
    const buyer = await tx.query.buyers.findFirst({ where: eq(buyers.id, dto.buyerId) });
    if (!buyer) errors.push({ field: field("buyerId"), message: "Choose a buyer." });
    else if (buyer.isSoftDeleted && dto.id) {
      // a removed buyer may stay on the group that already has it, not be chosen anew
      const current = await tx.query.livestockOrderGroups.findFirst({
        where: eq(livestockOrderGroups.id, dto.id),
      });
      if (current?.buyerId !== dto.buyerId) {
        errors.push({ field: field("buyerId"), message: "That buyer was removed." });
      }
    } else if (buyer.isSoftDeleted) {
      errors.push({ field: field("buyerId"), message: "That buyer was removed." });
    }
  }
  if (dto.transportCompanyId && !await transportCompanyExists(tx, dto.transportCompanyId)) {
    errors.push({ field: field("transportCompanyId"), message: "Choose a transport company." });
  }
  if (errors.length) throw ApiError.validation(errors);
}

/** The order's category, site, dates, pricing group, carrier and stakeholders. */
export async function checkOrderReferences(tx: TenantTx, ctx: AreaContext, group: GroupRow, dto: OrderDto) {
  const field = (name: keyof OrderDto) => `livestockOrderDto.${name}`;
  const errors: FieldError[] = [];
  if (
    dto.speciesCategoryId &&
    !speciesCategoriesOf(group.speciesId).some((c) => c.id === dto.speciesCategoryId)
  ) {
    errors.push({
      field: field("speciesCategoryId"),
      message: "Choose a category of the group's species.",
    });
  }
  if (dto.tenantSiteId && !ctx.scope.hasSite(dto.tenantSiteId)) {
    errors.push({ field: field("tenantSiteId"), message: "Choose one of this organisation's sites." });
  }
  if (dto.productionDate && dto.productionDate < dto.deliveryDate) {
    errors.push({ field: field("productionDate"), message: "Production cannot be before delivery." });
  }
  if (dto.pricingGridGroupId) {
    // the same rule the form offers by (spec 2 §5): valid on the dates, with a grid for the category
    const offered = pricingOptions({
      speciesId: group.speciesId,
      speciesCategoryId: dto.speciesCategoryId ?? group.speciesCategoryId,
      deliveryDate: dto.deliveryDate,
      productionDate: dto.productionDate,
    }, await pricingGroupsIn(tx));
    const option = offered.find((o) => o.id === dto.pricingGridGroupId);
    if (!option || option.disabled) {
      errors.push({
        field: field("pricingGridGroupId"),
        message: option
          ? "That pricing grid group has no grid for the order's category."
          : "That pricing grid group does not cover the order's delivery or production date.",
      });
    }
  }
  if (dto.transportCompanyId && !await transportCompanyExists(tx, dto.transportCompanyId)) {
    errors.push({ field: field("transportCompanyId"), message: "Choose a transport company." });
  }
  if (dto.stakeholderIds.length) {
    const found = await tx.query.stakeholders.findMany({
      where: (s, { inArray }) => inArray(s.id, dto.stakeholderIds),
      columns: { id: true },
    });
    if (found.length !== new Set(dto.stakeholderIds).size) {
      errors.push({ field: field("stakeholderIds"), message: "Choose existing stakeholders." });
    }
  }
  if (errors.length) throw ApiError.validation(errors);
}

async function transportCompanyExists(tx: TenantTx, id: number) {
  return Boolean(
    await tx.query.transportCompanies.findFirst({
      where: eq(transportCompanies.id, id),
      columns: { id: true },
    }),
  );
}
