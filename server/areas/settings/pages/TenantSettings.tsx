/**
 * Settings › Tenant settings (spec 2 §2.2, §5): each setting this app knows, in words, with whether it
 * is on; an admin turns it on or off (the API refuses a type it does not know). A user below admin
 * reads only.
 */
import { Table } from "../../../../client/ui/Table.tsx";
import { roleValue } from "../../../access/roles.ts";
import { ActionButton } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { SETTINGS_API } from "../api.ts";
import { listTenantSettings } from "../operations/tenantSettings.ts";

export const TenantSettingsScreen = defineScreen({
  loader: async ({ context }) => ({
    settings: await listTenantSettings(await pageAreaContext(context)),
    canEdit: roleValue(context.caller!.subject.roleLevel) >= roleValue("admin"),
  }),
  component: ({ data }) => (
    <section className="panel" aria-labelledby="tenant-settings-title">
      <h2 id="tenant-settings-title">Organisation settings</h2>
      <p className="muted">Switches that turn parts of the app on or off for everyone in the organisation.</p>
      <Table
        rows={data.settings}
        rowKey={(s) => s.settingType}
        empty="This app has no organisation settings."
        columns={[
          {
            header: "Setting",
            cell: (s) => (
              <>
                <strong>{s.label}</strong>
                <div className="muted small">{s.help}</div>
              </>
            ),
          },
          {
            header: "State",
            className: "nowrap",
            cell: (s) =>
              s.value.isEnabled
                ? <span className="badge badge-success">On</span>
                : <span className="badge badge-muted">Off</span>,
          },
          ...(data.canEdit
            ? [{
              header: "Change",
              srOnly: true,
              cell: (s: (typeof data.settings)[number]) => (
                <ActionButton
                  label={s.value.isEnabled ? `Turn off` : `Turn on`}
                  variant={s.value.isEnabled ? "ghost" : "primary"}
                  url={SETTINGS_API.upsertTenantSetting}
                  body={{ settingType: s.settingType, value: { isEnabled: !s.value.isEnabled } }}
                  confirm={s.value.isEnabled ? `Turn off “${s.label}” for everyone?` : undefined}
                  successToast={`${s.label} is ${s.value.isEnabled ? "off" : "on"}.`}
                />
              ),
            }]
            : []),
        ]}
      />
    </section>
  ),
});
