import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { idNumber } from "../../../../http/params.ts";
import { listFeatureFlags } from "../operations/featureFlags.ts";
import { tenantChoice } from "../../pages/tenantChoice.ts";
import { SUPER_CONTROL_API } from "../api.ts";
import { TenantPicker } from "../../pages/TenantPicker.tsx";

const onOff = (on: boolean) =>
  on ? <span className="badge badge-success">On</span> : <span className="badge">Off</span>;

/**
 * A tenant's feature flags (spec 2 §3, §4): each known flag on or off for everyone, and on for super users
 * only; a stored flag this version does not recognise is off and may be deleted. Every change is pushed to
 * the tenant's open pages (featureFlagUpdated), which re-read their user model.
 */
export const SuperFeatureFlagsScreen = defineScreen({
  validateSearch: z.object({ tenantId: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const { tenants, tenant } = await tenantChoice(ctx, search.tenantId);
    const flags = tenant ? await listFeatureFlags(ctx, tenant.id) : [];
    return { tenants, tenant, flags };
  },
  component: ({ data }) => {
    const tenant = data.tenant;
    return (
      <section className="panel">
        <div className="panel-head">
          <h2>Feature flags{tenant ? ` of ${tenant.name}` : ""}</h2>
          <TenantPicker tenants={data.tenants} current={tenant?.id} action="/super/featureflags" />
        </div>
        {!tenant ? <p>Choose an organisation.</p> : (
          <Table
            rows={data.flags}
            rowKey={(f) => f.featureKey}
            empty="No flags."
            columns={[
              {
                header: "Flag",
                cell: (f) =>
                  f.isRecognised ? f.label : (
                    <>
                      <code>{f.featureKey}</code> <span className="badge badge-warning">Not recognised</span>
                    </>
                  ),
              },
              { header: "Everyone", cell: (f) => f.isRecognised ? onOff(f.isEnabled) : "Off (unknown)" },
              {
                header: "Super users",
                cell: (f) => f.isRecognised ? onOff(f.isEnabled || f.isEnabledForSuperUser) : "—",
              },
              {
                header: "Actions",
                srOnly: true,
                cell: (f) =>
                  f.isRecognised
                    ? (
                      <div className="actions">
                        <ActionButton
                          label={f.isEnabled ? "Turn off" : "Turn on"}
                          url={SUPER_CONTROL_API.upsertFeatureFlag}
                          body={{
                            tenantId: tenant.id,
                            featureKey: f.featureKey,
                            isEnabled: !f.isEnabled,
                            isEnabledForSuperUser: f.isEnabledForSuperUser,
                          }}
                          successToast={`${f.label} is ${f.isEnabled ? "off" : "on"} for everyone.`}
                        />
                        {!f.isEnabled && (
                          <ActionButton
                            label={f.isEnabledForSuperUser
                              ? "Off for super users"
                              : "On for super users only"}
                            variant="ghost"
                            url={SUPER_CONTROL_API.upsertFeatureFlag}
                            body={{
                              tenantId: tenant.id,
                              featureKey: f.featureKey,
                              isEnabled: false,
                              isEnabledForSuperUser: !f.isEnabledForSuperUser,
                            }}
                            successToast={`${f.label} is ${
                              f.isEnabledForSuperUser ? "off" : "on"
                            } for super users.`}
                          />
                        )}
                      </div>
                    )
                    : (
                      <ActionButton
                        label="Delete"
                        variant="danger"
                        method="DELETE"
                        url={SUPER_CONTROL_API.deleteFeatureFlag(tenant.id, f.featureKey)}
                        body={{}}
                        confirm={`Delete the flag “${f.featureKey}”? This version does not use it.`}
                        successToast="The flag was deleted."
                      />
                    ),
              },
            ]}
          />
        )}
        <p className="muted small">
          A change reaches the organisation's open pages at once; a page with unsaved changes waits.
        </p>
      </section>
    );
  },
});
