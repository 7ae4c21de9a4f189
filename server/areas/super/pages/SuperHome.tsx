import { count } from "drizzle-orm";
import { memberships, tenants } from "../../../../db/control/schema.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { Table } from "../../../../client/ui/Table.tsx";

/** The super home: every tenant, with a button to work in it (impersonation). */
export const SuperHomeScreen = defineScreen({
  loader: async ({ context }) => {
    const db = context.services.db.control;
    // counted apart: inside a correlated subquery drizzle writes columns unqualified, and "id" then
    // named the membership's own column (every tenant showed 1 user)
    const [rows, counts] = await Promise.all([
      db.select({
        id: tenants.id,
        name: tenants.name,
        category: tenants.category,
        isActive: tenants.isActive,
      })
        .from(tenants).orderBy(tenants.name),
      db.select({ tenantId: memberships.tenantId, users: count() }).from(memberships).groupBy(
        memberships.tenantId,
      ),
    ]);
    const users = new Map(counts.map((c) => [c.tenantId, c.users]));
    return rows.map((t) => ({ ...t, users: users.get(t.id) ?? 0 }));
  },
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
