import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { getMaintenance } from "../operations/maintenance.ts";
import { SUPER_CONTROL_API } from "../api.ts";

/** App control: the maintenance message every signed-in page shows at its top while it is on. */
export const SuperAppControlScreen = defineScreen({
  loader: async ({ context }) => getMaintenance(await pageAreaContext(context)),
  component: ({ data, context }) => (
    <section className="panel">
      <DataForm
        id="maintenance"
        title="Maintenance message"
        fields={[
          {
            name: "message",
            label: "Message",
            type: "textarea",
            requiredWhen: { field: "isActive", equals: true },
            placeholder: "e.g. The system is down for an upgrade on Sunday from 6 to 8 am.",
            help: "Shown at the top of every page of every organisation. At most 300 characters.",
          },
          { name: "isActive", label: "Show it", type: "checkbox", placeholder: "Show the message now" },
        ]}
        initial={{ message: data.message, isActive: data.isActive }}
        submit={{ method: "POST", url: SUPER_CONTROL_API.setMaintenanceMessage }}
        successToast="The maintenance message was saved."
      />
      <p className="muted small">
        {data.updatedAt
          ? `Last changed by ${data.updatedBy} on ${formatDateTime(data.updatedAt, context.timeZone)}.`
          : "Never set."} Users see a change on their next page.
      </p>
    </section>
  ),
});
