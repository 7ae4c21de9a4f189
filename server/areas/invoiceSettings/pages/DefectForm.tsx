/**
 * Settings › Invoicing sub-forms for a defect detail (spec 2 §2.2 invoicesettings/newDefectDetail and
 * invoicesettings/defectDetails/{id}): the code the kill floor sends, the category the invoice lists the
 * carcass under, the species, and how it is paid (the amount field follows the rule chosen).
 */
import { z } from "zod";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import type { DataFormProps, FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { idNumber } from "../../../http/params.ts";
import { href } from "../../../access/routes.ts";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { namedOptions } from "../../../pages/scopeFields.ts";
import { DEFECT_PRICE_RULE_NAMES, DEFECT_PRICE_RULES } from "../rules.ts";
import { INVOICE_SETTINGS_API as API, INVOICE_SETTINGS_PATHS as PATHS } from "../paths.ts";
import type { DefectDetail } from "../schemas.ts";
import { pageAreaContext } from "../../context.ts";
import { defect } from "../operations.ts";
import { chosenSpecies } from "./InvoiceSettings.tsx";
import { categoryOfCode, CODE_IN_ADDRESS } from "../defects/rules.ts";

const amountField = (name: string, label: string, rule: string, help: string): FieldSpec => ({
  name,
  label,
  type: "number",
  required: true,
  help,
  shownWhen: { field: "priceRule", oneOf: [rule] },
});

function defectFields(context: PageContext): FieldSpec[] {
  return [
    { name: "id", label: "Id", type: "id" },
    {
      name: "code",
      label: "Code",
      type: "text",
      required: true,
      help: "As the kill floor sends it (e.g. BRUISE); CONDEMNED and PART_CONDEMNED price condemnations.",
    },
    { name: "name", label: "Category on the invoice", type: "text", required: true, placeholder: "Bruising" },
    {
      name: "speciesId",
      label: "Species",
      type: "select",
      valueType: "number",
      placeholder: "Every species",
      options: namedOptions(context.caller!.species),
      help: "A species' own rule beats the every-species rule for the same code.",
    },
    {
      name: "priceRule",
      label: "Paid",
      type: "select",
      required: true,
      options: DEFECT_PRICE_RULES.map((r) => ({ value: r, label: DEFECT_PRICE_RULE_NAMES[r] })),
    },
    amountField("percentOff", "Percentage off (%)", "PercentOff", "Of the carcass's grid price."),
    amountField("centsPerKgOff", "Cents a kg off", "CentsPerKgOff", "Off the grid price a kg (50 = 50c/kg)."),
    amountField("perHead", "Amount a head ($)", "FixedPerHead", "Paid instead of the grid price."),
  ];
}

function formProps(
  context: PageContext,
  initial: Record<string, unknown>,
  title: string,
  back: string = PATHS.list,
): DataFormProps {
  return {
    id: "defect-detail",
    title,
    fields: defectFields(context),
    initial,
    submit: { method: "POST", url: API.upsertDefect },
    cancelHref: back,
    redirectTo: back,
    successToast: "The defect detail was saved. Draft invoices will be recomputed.",
  };
}

function initialOf(d: DefectDetail): Record<string, unknown> {
  return {
    id: d.id,
    lastModified: d.lastModified,
    code: d.code,
    name: d.name,
    speciesId: d.speciesId,
    priceRule: d.priceRule,
    percentOff: d.priceRule === "PercentOff" ? d.amount : null,
    centsPerKgOff: d.priceRule === "CentsPerKgOff" ? d.amount : null,
    perHead: d.priceRule === "FixedPerHead" ? d.amount / 100 : null,
  };
}

/**
 * Where a form opened from another screen goes back to: a fixed list (never an address from the query),
 * the draft invoice whose warning opened it by its id.
 */
function backOf(back: "carcassDefects" | "invoice" | undefined, invoiceId: number | undefined): string {
  if (back === "invoice" && invoiceId) return href("invoiceEdit", { id: invoiceId });
  return back === "carcassDefects" ? PATHS.carcassDefects : PATHS.list;
}

/**
 * settingsNewDefectDetail. Settings › Carcass Defects and a draft invoice's warning open it for a code
 * that has no rule: the code, the species and a category made from the code filled in, and the form
 * returns to where it was opened.
 */
export const NewDefectScreen = defineScreen({
  validateSearch: z.object({
    speciesId: idNumber().optional(),
    code: z.string().max(30).regex(CODE_IN_ADDRESS).optional(),
    back: z.enum(["carcassDefects", "invoice"]).optional(),
    invoiceId: idNumber().optional(),
  }),
  loader: ({ context, search }) => ({
    speciesId: chosenSpecies(context, search.speciesId)?.id ?? null,
    code: search.code?.toUpperCase() ?? null,
    back: backOf(search.back, search.invoiceId),
  }),
  component: ({ data, context }) => {
    const initial = data.code
      ? {
        speciesId: data.speciesId,
        priceRule: "PercentOff",
        code: data.code,
        name: categoryOfCode(data.code),
      }
      : { speciesId: data.speciesId, priceRule: "PercentOff" };
    return (
      <section className="panel">
        <DataForm {...formProps(context, initial, "New defect detail", data.back)} />
      </section>
    );
  },
});

/** settingsDefectDetail: edit, archive or restore one. */
export const DefectScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
    return await defect(await pageAreaContext(context), id);
  },
  component: ({ data, context }) => (
    <>
      <section className="panel">
        {data.isArchived && (
          <p className="banner banner-info">
            Archived: invoices no longer use this rule. Restore it to use it again.
          </p>
        )}
        <DataForm {...formProps(context, initialOf(data), `${data.code}: ${data.name}`)} />
      </section>
      <section className="panel" aria-label="Archive">
        <p className="muted small">
          Archive a rule the plant no longer uses: draft invoices are recomputed without it, published ones
          keep it.
        </p>
        <ActionButton
          label={data.isArchived ? "Restore" : "Archive"}
          url={API.archiveDefect}
          body={{ id: data.id, lastModified: data.lastModified, isArchived: !data.isArchived }}
          variant={data.isArchived ? "primary" : "danger"}
          confirm={data.isArchived
            ? undefined
            : `Archive ${data.code} (${data.name})? Carcasses with this code will be paid at the grid price.`}
          successToast={data.isArchived ? "The rule was restored." : "The rule was archived."}
        />
      </section>
    </>
  ),
});
