import { defineScreen, pathId } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { roleLabel } from "../../../../access/roles.ts";
import { allSpecies, getTenant } from "../queries.ts";
import { tenantUsers } from "../operations/tenantUsers.ts";
import { onlineUsers } from "../operations/notices.ts";
import { SUPER_TENANTS_API } from "../api.ts";
import { superAuditPage } from "../../audit.ts";
import { AuditTable } from "../../pages/AuditTable.tsx";
import { tenantFormProps } from "./TenantForm.tsx";
import { Crumbs } from "../../pages/Crumbs.tsx";
import { StatusText } from "../../../../../client/ui/Badge.tsx";
import { accountStatus } from "../../../users/rules.ts";
import { SUPER_REPROCESS_API } from "../../reprocess/api.ts";
import { REPROCESS_MAX_DAYS } from "../../reprocess/schemas.ts";
import { addDays } from "../../../../../kernel/dates.ts";

/**
 * One tenant: its details (edit form), its users, who is online, the tenant-wide actions (work in it,
 * refresh everyone's data, sign everyone out, each with a reason) and the super actions taken on it.
 */
export const SuperTenantScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = pathId(params.id);
    const ctx = await pageAreaContext(context);
    const tenant = await getTenant(ctx, id);
    const [users, species, online, audit] = await Promise.all([
      tenantUsers(ctx, id),
      allSpecies(ctx),
      onlineUsers(ctx, id),
      superAuditPage(context.services.db.control, { tenantId: id, limit: 20 }),
    ]);
    return { tenant, users, species, online, audit: audit.rows };
  },
  component: ({ data, context }) => {
    const { tenant } = data;
    const initial = {
      ...tenant,
      sites: tenant.sites.filter((s) => s.isActive).map((s) => s.name).join("\n"),
      speciesIds: tenant.speciesIds.map(String),
    };
    const base = `/super/tenants/${tenant.id}`;
    const isHere = context.caller!.tenant.id === tenant.id;
    return (
      <>
        <Crumbs trail={[["Organisations", "/super/home"], [tenant.name]]} />
        <section className="panel">
          <DataForm {...tenantFormProps(initial, data.species)} />
        </section>
        <section className="panel" aria-labelledby="tenant-actions">
          <h2 id="tenant-actions">Work with this organisation</h2>
          <div className="actions">
            {isHere ? <span className="badge">You are working in it</span> : (
              <ActionButton
                label="Work in this organisation"
                url={SUPER_TENANTS_API.impersonate}
                body={{ tenantId: tenant.id }}
                confirm={`Work in ${tenant.name} as a super user? You leave your current organisation.`}
                successToast={`Now working in ${tenant.name}.`}
                redirectTo="/"
              />
            )}
            <a className="btn" href={`/super/featureflags?tenantId=${tenant.id}`}>Feature flags</a>
            {tenant.category === "processor" && (
              <a className="btn" href={`${base}/configuration`}>Processor configuration</a>
            )}
            <a className="btn" href={`/super/datadownload?tenantId=${tenant.id}`}>Download its data</a>
          </div>
          <div className="actions">
            <ActionButton
              label="Refresh everyone's data"
              url={SUPER_TENANTS_API.forceRefresh}
              body={{ tenantId: tenant.id }}
              reason={{ label: "Reason shown to its users", placeholder: "e.g. prices were corrected" }}
              successToast="Everyone's pages in the organisation are reloading."
            />
            <ActionButton
              label="Sign everyone out"
              variant="danger"
              url={SUPER_TENANTS_API.forceTotalLogout}
              body={{ tenantId: tenant.id }}
              reason={{ label: "Reason shown on the sign-in page", placeholder: "e.g. maintenance tonight" }}
              successToast="Everyone in the organisation was signed out."
            />
          </div>
          {isHere && (
            <p className="muted small">
              You are working in this organisation: signing everyone out signs you out too.
            </p>
          )}
        </section>
        {tenant.category === "processor" && (
          <section className="panel" aria-labelledby="tenant-reprocess">
            <h2 id="tenant-reprocess">Reprocess kill data</h2>
            <p className="muted">
              Counts each order's processed head again from its carcass records, marks orders whose data is
              now complete, and recomputes their draft invoices. Published invoices never change. Up to{" "}
              {REPROCESS_MAX_DAYS} kill days at a time.
            </p>
            <DataForm
              id="reprocess"
              fields={[
                { name: "fromDate", label: "First kill day", type: "date", required: true },
                { name: "toDate", label: "Last kill day", type: "date", required: true },
              ]}
              initial={{ tenantId: tenant.id, fromDate: addDays(context.today, -6), toDate: context.today }}
              submit={{ method: "POST", url: SUPER_REPROCESS_API.reprocess }}
              submitLabel="Reprocess"
              successToast="The kill days were reprocessed."
              successNotice={{ field: "summary", label: "Reprocessed" }}
              undo={false}
            />
          </section>
        )}
        <section className="panel" aria-labelledby="tenant-users">
          <div className="panel-head">
            <h2 id="tenant-users">Users</h2>
            <a className="btn btn-primary" href={`${base}/user`}>Add user</a>
          </div>
          <Table
            rows={data.users}
            rowKey={(u) => u.id}
            empty="No users yet."
            columns={[
              { header: "Name", cell: (u) => u.fullName || "—" },
              { header: "Email", cell: (u) => u.email },
              { header: "Role", cell: (u) => <span className="badge">{roleLabel(u.roleLevel)}</span> },
              {
                header: "Status",
                cell: (u) => <StatusText {...accountStatus(u)} />,
              },
              {
                header: "Actions",
                srOnly: true,
                cell: (u) => <a href={`${base}/user?userId=${u.id}`}>Edit</a>,
              },
            ]}
          />
        </section>
        <section className="panel" aria-labelledby="tenant-online">
          <h2 id="tenant-online">Online now</h2>
          <Table
            rows={data.online}
            rowKey={(u) => u.userId}
            empty="Nobody has a page of this organisation open."
            columns={[
              { header: "Name", cell: (u) => u.name },
              { header: "Open pages", className: "num", cell: (u) => u.connections },
              {
                header: "Since",
                className: "nowrap",
                cell: (u) => formatDateTime(u.since, context.timeZone),
              },
            ]}
          />
        </section>
        <section className="panel" aria-labelledby="tenant-audit">
          <h2 id="tenant-audit">Super user actions here</h2>
          <AuditTable rows={data.audit} timeZone={context.timeZone} />
        </section>
      </>
    );
  },
});
