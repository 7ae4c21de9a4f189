/**
 * The group and order forms: what they choose from, their fields (named by the body schemas' keys, so a
 * misnamed field does not compile) and the order form island, which offers the pricing groups that
 * apply to the order's dates as the user types.
 */
import type { DataFormProps, FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import { OrderForm } from "../../../../pages/islands.tsx";
import { pageAreaContext } from "../../../context.ts";
// the selects' allowable values and their words are the data type definitions (spec 1 §3), as the supplier form's
import { dataTypeDefinition, dataTypeOptions } from "../../../../../kernel/dataTypes.ts";
import { ORDERS_API } from "../api.ts";
import { formChoices as choicesOf } from "../queries.ts";
import type { OrderDto, OrderGroupDto } from "../schemas.ts";

/** The options of the forms' selects, for this caller. */
export async function formChoices(context: PageContext) {
  const ctx = await pageAreaContext(context);
  const found = await choicesOf(ctx);
  const scope = ctx.scope;
  const opt = (id: number, label: string) => ({ value: String(id), label });
  return {
    suppliers: found.suppliers.map((s) => opt(s.id, s.location ? `${s.name} (${s.location})` : s.name)),
    buyers: found.buyers.map((b) => opt(b.id, b.name)),
    transport: found.transportCompanies.map((t) => opt(t.id, t.name)),
    stakeholders: found.stakeholders.map((s) => opt(s.id, `${s.name} (${s.type})`)),
    species: scope.species.map((s) => opt(s.id, s.name)),
    // a species without categories has no definition of them
    categories: scope.species.filter((s) => dataTypeDefinition("speciesCategory", s.id)).flatMap((s) =>
      dataTypeOptions("speciesCategory", s.id).map((c) => ({
        value: c.value,
        label: `${s.name}: ${c.label}`,
      }))
    ),
    sites: scope.sites.map((s) => opt(s.id, s.name)),
    /** the order form (OrderForm island) works out which of these apply to the order's dates */
    pricingGroups: found.pricingGroups,
  };
}
export type Choices = Awaited<ReturnType<typeof formChoices>>;

const select = (
  name: string,
  label: string,
  options: { value: string; label: string }[],
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  label,
  type: "select",
  options,
  valueType: "number",
  ...extra,
});
export function groupFields(c: Choices, opts: { speciesLocked: boolean }): FieldSpec[] {
  const g = (name: keyof OrderGroupDto) => `livestockOrderGroupDto.${name}`;
  return [
    select(g("supplierId"), "Supplier", c.suppliers, { required: true, section: "Order group" }),
    select(g("speciesId"), "Species", c.species, { required: true, readOnly: opts.speciesLocked }),
    select(g("speciesCategoryId"), "Category", c.categories),
    {
      name: g("quantityRequired"),
      label: "Head required",
      type: "number",
      help: "The whole purchase; its orders may deliver it in parts.",
    },
    select(g("buyerId"), "Buyer", c.buyers, { help: "Without a buyer there is no order date." }),
    { name: g("orderDate"), label: "Order date", type: "date" },
    { name: g("deliveryDate"), label: "Delivery date", type: "date" },
    select(g("transportCompanyId"), "Transport company", c.transport),
  ];
}

export function orderFields(c: Choices, opts: { editing: boolean }): FieldSpec[] {
  const o = (name: keyof OrderDto) => `livestockOrderDto.${name}`;
  return [
    { name: o("quantityOrdered"), label: "Head ordered", type: "number", required: true, section: "Order" },
    { name: o("deliveryDate"), label: "Delivery date", type: "date", required: true },
    { name: o("deliveryTime"), label: "Delivery time", type: "time" },
    { name: o("productionDate"), label: "Production date", type: "date" },
    select(o("speciesCategoryId"), "Category", c.categories, { help: "Blank: the group's category." }),
    select(o("tenantSiteId"), "Site", c.sites),
    { name: o("orderConfirmed"), label: "Confirmed with the supplier", type: "checkbox" },
    { name: o("declaredQuantity"), label: "Head declared (NVD)", type: "number" },
    { name: o("nvd"), label: "NVD number", type: "text" },
    { name: o("pic"), label: "PIC", type: "text", help: "Blank: the supplier's PIC." },
    { name: o("agendaLotReference"), label: "Lot reference", type: "text" },
    { name: o("isMsaEligible"), label: "MSA eligible", type: "checkbox" },
    { name: o("isSaleyardOrder"), label: "Saleyard purchase", type: "checkbox" },
    select(o("transportCompanyId"), "Transport company", c.transport, { help: "Blank: the group's." }),
    {
      name: o("stakeholderIds"),
      label: "Stakeholders",
      type: "multiselect",
      options: c.stakeholders,
      valueType: "number",
    },
    select(o("pricingGridGroupId"), "Pricing grid", [], {
      section: "Price",
      help: "Groups whose period covers the delivery or production date.",
    }),
    { name: o("offGridPrice"), label: "Off-grid price ($)", type: "number" },
    {
      name: o("offGridPricePer"),
      label: "Off-grid price per",
      type: "select",
      options: dataTypeOptions("offGridPricePer"),
      requiredWhen: undefined,
    },
    {
      name: o("offGridPriceType"),
      label: "Off-grid price type",
      type: "select",
      options: dataTypeOptions("offGridPriceType"),
    },
    ...(opts.editing ? [] : [
      {
        name: o("recurrenceFrequency"),
        label: "Repeat",
        type: "select",
        options: dataTypeOptions("recurrenceFrequency"),
        section: "Recurring",
      } as FieldSpec,
      {
        name: o("recurrenceEndDate"),
        label: "Repeat until",
        type: "date",
        help: "Creates the future orders now, one per interval.",
      } as FieldSpec,
    ]),
    { name: o("notes"), label: "Notes", type: "textarea", section: opts.editing ? "Notes" : undefined },
  ];
}

/** The order form island with the pricing groups that may apply (those of the group's species). */
export function OrderFormIsland({ form, choices, group }: {
  form: DataFormProps;
  choices: Choices;
  group: { speciesId: number | null; speciesCategoryId: number | null };
}) {
  const pricingGroups = choices.pricingGroups.filter((g) =>
    group.speciesId === null || g.speciesId === group.speciesId
  );
  return <OrderForm form={form} pricingGroups={pricingGroups} group={group} />;
}

/** A group/order form: every one saves through UpsertLivestockOrderAndGroup. */
export const orderForm = (props: Omit<DataFormProps, "submit">): DataFormProps => ({
  ...props,
  submit: { method: "POST", url: ORDERS_API.UpsertLivestockOrderAndGroup },
});
