import { sql } from "drizzle-orm";
import { memberships, tenants } from "../../../../db/control/schema.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { Table } from "../../../../client/ui/Table.tsx";

/** The super home: every tenant, with a button to work in it (impersonation). */
export const SuperHomeScreen = defineScreen({
  loader: ({ context }) =>
    context.services.db.control.select({
      id: tenants.id,
      name: tenants.name,
      category: tenants.category,
      isActive: tenants.isActive,
      users: sql<number>`(select count(*) from ${memberships} where ${memberships.tenantId} = ${tenants.id})`,
    }).from(tenants).orderBy(tenants.name),
  component: ({ data, context }) => (
    <section className="panel">
      <h2>Tenants</h2>
      <Table
        rows={data}
        rowKey={(t) => t.id}
        empty="No tenants yet."
        columns={[
          { header: "Name", cell: (t) => t.name },
          { header: "Category", cell: (t) => t.category },
          { header: "Users", cell: (t) => t.users },
          { header: "Status", cell: (t) => (t.isActive ? "Active" : "Inactive") },
          {
            header: "Actions",
            srOnly: true,
            cell: (t) =>
              t.id === context.caller!.tenant.id
                ? <span className="badge">Current</span>
                : (
                  <form method="post" action="/user/tenant">
                    <input type="hidden" name="tenantId" value={t.id} />
                    <button className="btn" type="submit">Work in this tenant</button>
                  </form>
                ),
          },
        ]}
      />
    </section>
  ),
});
