/**
 * The order form: the data form, with the pricing grid choices following what the user types
 * (spec 2 §5: groups valid on the delivery or production date, disabled without a grid for the
 * category, labelled "name, period: $best"). Everything else is the data form's.
 */
import { useMemo, useState } from "react";
import DataForm, { type DataFormProps } from "./DataForm.tsx";
import { readPath } from "../ui/formRules.ts";
import { type GroupForPricing, pricingOptions } from "../../server/areas/pricing/rules.ts";

export const PRICING_FIELD = "livestockOrderDto.pricingGridGroupId";

export interface OrderFormProps {
  form: DataFormProps;
  pricingGroups: GroupForPricing[];
  /** the group's species and category when the form does not edit them */
  group: { speciesId: number | null; speciesCategoryId: number | null };
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
const text = (v: unknown) => (typeof v === "string" && v ? v : null);

export default function OrderForm({ form, pricingGroups, group }: OrderFormProps) {
  const [values, setValues] = useState<Record<string, unknown>>(form.initial);
  const fields = useMemo(() => {
    const at = (name: string) => readPath(values, name);
    const order = {
      speciesId: num(at("livestockOrderGroupDto.speciesId")) ?? group.speciesId ?? 0,
      speciesCategoryId: num(at("livestockOrderDto.speciesCategoryId")) ??
        num(at("livestockOrderGroupDto.speciesCategoryId")) ?? group.speciesCategoryId,
      deliveryDate: text(at("livestockOrderDto.deliveryDate")),
      productionDate: text(at("livestockOrderDto.productionDate")),
    };
    const options = pricingOptions(order, pricingGroups).map((o) => ({
      value: String(o.id),
      label: o.disabled ? `${o.label} (no grid for this category)` : o.label,
      disabled: o.disabled,
    }));
    const chosen = at(PRICING_FIELD);
    if (
      chosen !== null && chosen !== undefined && chosen !== "" &&
      !options.some((o) => o.value === String(chosen))
    ) {
      const name = pricingGroups.find((g) => g.id === Number(chosen))?.name ?? `#${chosen}`;
      options.unshift({
        value: String(chosen),
        label: `${name} (does not apply to these dates)`,
        disabled: false,
      });
    }
    return form.fields.map((f) =>
      f.name === PRICING_FIELD
        ? { ...f, options, help: options.length ? f.help : "No pricing grid group covers these dates." }
        : f
    );
  }, [values, form.fields, pricingGroups, group]);
  return <DataForm {...form} fields={fields} onValuesChange={setValues} />;
}
