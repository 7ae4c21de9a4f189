import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../../client/islands/DataForm.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { ApiError } from "../../../../http/errors.ts";
import { getProcessorConfiguration } from "../operations/processorConfiguration.ts";
import { SUPER_CONTROL_API } from "../api.ts";
import { findTenant } from "../../tenantContext.ts";
import { Crumbs } from "../../pages/Crumbs.tsx";

const d = (name: string) => `document.${name}`;

const FIELDS: FieldSpec[] = [
  {
    name: d("establishmentNumber"),
    label: "Establishment number",
    type: "text",
    required: true,
    help: "As on the export licence (up to six digits).",
  },
  { name: d("killFloors"), label: "Kill floors", type: "number", required: true },
  { name: d("shiftsPerDay"), label: "Shifts a day", type: "number", required: true },
  { name: d("dayStartTime"), label: "Day starts at", type: "time", required: true },
  { name: d("chillerCapacityHead"), label: "Chiller capacity (head)", type: "number", required: true },
  {
    name: d("isMsaLicensed"),
    label: "MSA licensed",
    type: "checkbox",
    placeholder: "The plant grades to MSA",
  },
  {
    name: d("msaLicenceNumber"),
    label: "MSA licence number",
    type: "text",
    shownWhen: { field: d("isMsaLicensed"), oneOf: [true] },
    requiredWhen: { field: d("isMsaLicensed"), equals: true },
  },
  {
    name: d("isInterchangeEnabled"),
    label: "Interchange",
    type: "checkbox",
    placeholder: "The plant's systems send data",
  },
];

const BLANK = {
  establishmentNumber: "",
  killFloors: 1,
  shiftsPerDay: 1,
  dayStartTime: "06:00",
  chillerCapacityHead: 0,
  isMsaLicensed: false,
  msaLicenceNumber: "",
  isInterchangeEnabled: false,
};

/** A processor's configuration document, as a form (checked whole by the server on save). */
export const SuperProcessorConfigurationScreen = defineScreen({
  loader: async ({ context, params }) => {
    const tenantId = pathId(params.id);
    const tenant = await findTenant(await pageAreaContext(context), tenantId);
    if (tenant.category !== "processor") {
      throw ApiError.notFound("Only a processor has a processor configuration.");
    }
    const state = await getProcessorConfiguration(await pageAreaContext(context), tenantId);
    return { tenant: { id: tenant.id, name: tenant.name }, state };
  },
  component: ({ data, context }) => (
    <>
      <Crumbs
        trail={[["Organisations", "/super/home"], [data.tenant.name, `/super/tenants/${data.tenant.id}`], [
          "Processor configuration",
        ]]}
      />
      <section className="panel">
        <DataForm
          id="processor-configuration"
          title="Processor configuration"
          fields={FIELDS}
          initial={{
            tenantId: data.tenant.id,
            lastModified: data.state.lastModified,
            document: { ...BLANK, ...(data.state.document ?? {}) },
          }}
          submit={{ method: "POST", url: SUPER_CONTROL_API.setProcessorConfiguration }}
          successToast="The processor configuration was saved."
          cancelHref={`/super/tenants/${data.tenant.id}`}
        />
        <p className="muted small">
          {data.state.updatedBy
            ? `Last changed by ${data.state.updatedBy} on ${
              formatDateTime(data.state.lastModified, context.timeZone)
            }.`
            : "Not set yet: these are the starting values."}
        </p>
      </section>
    </>
  ),
});
