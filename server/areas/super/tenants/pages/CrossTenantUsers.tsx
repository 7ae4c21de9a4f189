import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { SearchForm } from "../../../../../client/ui/SearchForm.tsx";
import { roleLabel } from "../../../../access/roles.ts";
import { CROSS_TENANT_LIMIT, crossTenantUsers } from "../queries.ts";
import { Crumbs } from "../../pages/Crumbs.tsx";
import { StatusText } from "../../../../../client/ui/Badge.tsx";

/** Accounts that belong to more than one organisation, with their role in each (crossTenantClaims). */
export const SuperCrossTenantUsersScreen = defineScreen({
  validateSearch: z.object({ q: z.string().max(100).optional() }),
  loader: async ({ context, search }) =>
    crossTenantUsers(await pageAreaContext(context), search.q?.trim() || undefined),
  component: ({ data, search }) => (
    <>
      <Crumbs trail={[["Organisations", "/super/home"], ["Cross-tenant users"]]} />
      <section className="panel">
        <div className="panel-head">
          <h2>Users in more than one organisation</h2>
          <SearchForm
            id="cross-search"
            label="Search users"
            value={search.q}
            placeholder="Search name or email"
          />
        </div>
        <Table
          rows={data}
          rowKey={(u) => u.id}
          empty={search.q ? `Nobody matches “${search.q}”.` : "Every user belongs to one organisation."}
          columns={[
            {
              header: "Name",
              cell: (u) => (
                <>
                  {u.fullName || "—"} {u.isDisabled && <StatusText text="Disabled" tone="danger" />}
                </>
              ),
            },
            { header: "Email", cell: (u) => u.email },
            {
              header: "Organisations",
              cell: (u) => (
                <ul className="plain-list">
                  {u.crossTenantClaims.map((c) => (
                    <li key={c.tenantId}>
                      <a href={`/super/tenants/${c.tenantId}/user?userId=${u.id}`}>{c.tenantName}</a>{" "}
                      <span className="badge">{roleLabel(c.roleLevel)}</span>
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
        {data.length === CROSS_TENANT_LIMIT && (
          <p className="muted small">The first {CROSS_TENANT_LIMIT} by name: search to find others.</p>
        )}
      </section>
    </>
  ),
});
