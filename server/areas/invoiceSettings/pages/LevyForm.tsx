/**
 * Settings › Invoicing sub-forms for a levy (spec 2 §2.2 invoicesettings/newLevy and
 * invoicesettings/levies/{levyType}/{tenantSiteId}/{speciesCategoryType}/{startDate}/{description?}/{isCopy?}):
 * the data form island with up to three bands (from a carcass value: dollars a head and/or a percentage of
 * the value) and a cap a head. A copy starts a new rate from a new date (the yearly change on 1 July).
 */
import { z } from "zod";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import type { DataFormProps, FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { formatDate } from "../../../../kernel/format.ts";
import { idNumber } from "../../../http/params.ts";
import { ApiError } from "../../../http/errors.ts";
import type { PageContext } from "../../../pages/context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { siteChoiceFields } from "../../../pages/scopeFields.ts";
import { speciesCategoriesOf } from "../../../../kernel/enums.ts";
import { bandToInput, LEVY_TYPE_NAMES, LEVY_TYPES, levyLabel } from "../rules.ts";
import { INVOICE_SETTINGS_API as API, INVOICE_SETTINGS_PATHS as PATHS } from "../paths.ts";
import type { LevySetting } from "../schemas.ts";
import { pageAreaContext } from "../../context.ts";
import { levy as levyOf } from "../operations.ts";
import { chosenSpecies } from "./InvoiceSettings.tsx";

const BAND_ROWS = 3;
const LEVIES_NOT_FEES = LEVY_TYPES.filter((t) => t !== "ServiceKillFee");

function bandFields(i: number): FieldSpec[] {
  const onlyLevies = i > 0 ? { shownWhen: { field: "levyType", oneOf: [...LEVIES_NOT_FEES] } } : {};
  return [
    {
      name: `bands.${i}.fromValue`,
      label: "From a carcass value of ($)",
      type: "number",
      section: i === 0 ? "Rate" : `Band ${i + 1} (leave blank when not needed)`,
      help: i === 0 ? "Blank: from $0. Carcasses worth less than the first band pay nothing." : undefined,
      shownWhen: { field: "levyType", oneOf: [...LEVIES_NOT_FEES] },
    },
    { name: `bands.${i}.perHead`, label: "Amount a head ($)", type: "number", ...onlyLevies },
    {
      name: `bands.${i}.percent`,
      label: "Percentage of the carcass value (%)",
      type: "number",
      shownWhen: { field: "levyType", oneOf: [...LEVIES_NOT_FEES] },
    },
  ];
}

function levyFields(context: PageContext): FieldSpec[] {
  const { species, sites } = context.caller!;
  return [
    { name: "id", label: "Id", type: "id" },
    {
      name: "levyType",
      label: "Type",
      type: "select",
      required: true,
      options: LEVY_TYPES.map((t) => ({ value: t, label: LEVY_TYPE_NAMES[t] })),
    },
    {
      name: "description",
      label: "Name of the charge",
      type: "text",
      requiredWhen: { field: "levyType", equals: "ProcessorCharge" },
      shownWhen: { field: "levyType", oneOf: [...LEVIES_NOT_FEES] },
      help: "Names a plant's own charge (e.g. Effluent); blank for a statutory levy.",
    },
    {
      name: "speciesCategoryId",
      label: "Species category",
      type: "select",
      required: true,
      valueType: "number",
      options: species.flatMap((s) =>
        speciesCategoriesOf(s.id).map((c) => ({ value: String(c.id), label: `${s.name}: ${c.name}` }))
      ),
    },
    ...siteChoiceFields(sites, "All sites"),
    { name: "startDate", label: "Applies to kills from", type: "date", required: true },
    ...Array.from({ length: BAND_ROWS }, (_, i) => bandFields(i)).flat(),
    {
      name: "maxPerHead",
      label: "At most a head ($)",
      type: "number",
      section: "Cap",
      help: "Blank: no cap.",
      shownWhen: { field: "levyType", oneOf: [...LEVIES_NOT_FEES] },
    },
  ];
}

function formProps(context: PageContext, initial: Record<string, unknown>, title: string): DataFormProps {
  return {
    id: "levy",
    title,
    fields: levyFields(context),
    initial,
    submit: { method: "POST", url: API.upsertLevy },
    cancelHref: PATHS.list,
    redirectTo: `${PATHS.list}?speciesId={speciesId}`,
    successToast: "The levy was saved. Draft invoices will be recomputed.",
  };
}

/** The form's values of a levy (bands padded to the form's rows). */
function initialOf(l: LevySetting, copy: boolean): Record<string, unknown> {
  const bands = l.bands.map(bandToInput);
  while (bands.length < BAND_ROWS) bands.push({ fromValue: null, perHead: null, percent: null });
  return {
    ...(copy ? {} : { id: l.id, lastModified: l.lastModified }),
    levyType: l.levyType,
    description: l.description,
    speciesCategoryId: l.speciesCategoryId,
    tenantSiteId: l.tenantSiteId || null,
    startDate: copy ? "" : l.startDate,
    bands: bands.map((b, i) => i === 0 && b.fromValue === 0 ? { ...b, fromValue: null } : b),
    maxPerHead: l.maxPerHeadCents === null ? null : l.maxPerHeadCents / 100,
  };
}

/** settingsNewLevy: the type and category the user is likely to want (transaction levy, first category). */
export const NewLevyScreen = defineScreen({
  validateSearch: z.object({ speciesId: idNumber().optional() }),
  loader: ({ context, search }) => ({ speciesId: chosenSpecies(context, search.speciesId)?.id ?? null }),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        {...formProps(context, {
          levyType: "TransactionLevy",
          speciesCategoryId: data.speciesId ? speciesCategoriesOf(data.speciesId)[0]?.id ?? null : null,
          tenantSiteId: null,
          description: "",
        }, "New levy or charge")}
      />
    </section>
  ),
});

/** settingsLevy: edit one levy, or (isCopy) start a new rate from it. */
export const LevyScreen = defineScreen({
  loader: async ({ context, params }) => {
    const tenantSiteId = Number(params.tenantSiteId);
    const speciesCategoryId = Number(params.speciesCategoryType);
    if (!Number.isSafeInteger(tenantSiteId) || !Number.isSafeInteger(speciesCategoryId)) {
      throw ApiError.notFound();
    }
    const description = params.description && params.description !== "-" ? params.description : "";
    const levy = await levyOf(await pageAreaContext(context), {
      levyType: String(params.levyType),
      tenantSiteId,
      speciesCategoryId,
      startDate: String(params.startDate),
      description,
    });
    return { levy, copy: Boolean(params.isCopy) };
  },
  component: ({ data, context }) => {
    const { levy, copy } = data;
    const name = `${
      levyLabel(levy)
    } for ${levy.species.toLowerCase()} (${levy.speciesCategory.toLowerCase()})`;
    if (copy) {
      return (
        <section className="panel">
          <p className="muted small">
            A copy of {name} from{" "}
            {formatDate(levy.startDate)}: give it the date the new rate starts. The old rate keeps applying to
            kills before then.
          </p>
          <DataForm {...formProps(context, initialOf(levy, true), "New rate from a copy")} />
        </section>
      );
    }
    return (
      <>
        <section className="panel">
          <DataForm
            {...formProps(context, initialOf(levy, false), `${levyLabel(levy)}: ${levy.speciesCategory}`)}
          />
        </section>
        <section className="panel" aria-label="Remove">
          <p className="muted small">
            When a rate changes, copy it with the new start date instead: invoices of earlier kills keep the
            old rate. Delete only a levy entered by mistake; published invoices keep what they were published
            with.
          </p>
          <div className="form-actions">
            <a className="btn" href={PATHS.levy(levy, true)}>Copy to a new rate</a>
            <ActionButton
              label="Delete levy"
              url={API.deleteLevy}
              body={{ id: levy.id, lastModified: levy.lastModified }}
              variant="danger"
              confirm={`Delete ${name} from ${
                formatDate(levy.startDate)
              }? Draft invoices will be recomputed without it.`}
              successToast="The levy was deleted."
              redirectTo={`${PATHS.list}?speciesId=${levy.speciesId}`}
            />
          </div>
        </section>
      </>
    );
  },
});
