import { z } from "zod";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { Table } from "../../../../client/ui/Table.tsx";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { moduleInfo, type ModuleKey } from "../../../access/modules.ts";
import { listTenants, TENANT_LIST_LIMIT } from "../tenants/queries.ts";
import { superAuditPage } from "../audit.ts";
import { AuditTable } from "./AuditTable.tsx";

/** The super screens that are not a tenant's: the side menu has only the super home (spec 1 §2). */
const SUPER_TOOLS = [
  ["/super/featureflags", "Feature flags"],
  ["/super/appControl", "App control"],
  ["/super/datadownload", "Data download and upload"],
  ["/super/initialdataload", "Initial data load"],
  ["/super/fileupload", "File upload"],
  ["/super/apiTesting", "API testing"],
  ["/super/testing", "Testing"],
  ["/super/outbox", "Outbox (mail and texts)"],
  ["/super/support", "Support desk"],
  ["/super/pricinggrid", "Copy a price grid"],
] as const;

export const CATEGORY_LABELS = { processor: "Processor", producer: "Producer" } as const;

export const moduleNames = (keys: readonly string[]) =>
  keys.map((k) => {
    try {
      return moduleInfo(k as ModuleKey).displayName;
    } catch {
      return k;
    }
  });

/**
 * The super home: every tenant with its category, sites, species, modules, users and last activity
 * (server-rendered, a search box, no script), the way to a new tenant, and the latest super actions.
 */
export const SuperHomeScreen = defineScreen({
  validateSearch: z.object({ q: z.string().max(100).optional() }),
  loader: async ({ context, search }) => {
    const tenants = await listTenants(await pageAreaContext(context), search.q?.trim() || undefined);
    const audit = await superAuditPage(context.services.db.control, { limit: 10 });
    return { tenants, audit: audit.rows };
  },
  component: ({ data, search, context }) => (
    <>
      <nav className="toolbar" aria-label="Super user tools">
        {SUPER_TOOLS.map(([href, label]) => <a key={href} className="btn" href={href}>{label}</a>)}
      </nav>
      <section className="panel">
        <div className="panel-head">
          <h2>Organisations</h2>
          <SearchForm
            id="tenant-search"
            label="Search organisations"
            value={search.q}
            placeholder="Search names"
          />
          <a className="btn" href="/super/users">Cross-tenant users</a>
          <a className="btn btn-primary" href="/super/newtenant">New organisation</a>
        </div>
        <Table
          rows={data.tenants}
          rowKey={(t) => t.id}
          empty={search.q ? `No organisation matches “${search.q}”.` : "No organisations yet."}
          columns={[
            { header: "Name", cell: (t) => <a href={`/super/tenants/${t.id}`}>{t.name}</a> },
            { header: "Category", cell: (t) => CATEGORY_LABELS[t.category] },
            { header: "Sites", cell: (t) => t.sites.join(", ") || "—" },
            { header: "Species", cell: (t) => t.species.join(", ") || "—" },
            {
              header: "Modules",
              optional: true,
              cell: (t) => <span title={moduleNames(t.modules).join(", ")}>{t.modules.length}</span>,
              className: "num",
            },
            { header: "Users", cell: (t) => t.users, className: "num" },
            {
              header: "Last activity",
              className: "nowrap",
              cell: (t) => formatDateTime(t.lastActivity, context.timeZone),
            },
            {
              header: "Status",
              cell: (t) => (t.isActive ? "Active" : <span className="badge badge-warning">Inactive</span>),
            },
          ]}
        />
        <p className="muted small">
          {data.tenants.length === TENANT_LIST_LIMIT
            ? `The first ${TENANT_LIST_LIMIT} organisations by name: search to find others.`
            : `${data.tenants.length} organisations.`} Last activity is the latest sign-in or page seen.
        </p>
      </section>
      <section className="panel">
        <h2>Latest super user actions</h2>
        <AuditTable rows={data.audit} timeZone={context.timeZone} withTenant />
      </section>
    </>
  ),
});
