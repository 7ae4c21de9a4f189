import { sql } from "drizzle-orm";
import { memberships, tenants } from "../../../db/control/schema.ts";
import { defineScreen } from "../screen.ts";

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
      <table className="table">
        <thead><tr><th>Name</th><th>Category</th><th>Users</th><th>Status</th><th><span className="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {data.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>{t.category}</td>
              <td>{t.users}</td>
              <td>{t.isActive ? "Active" : "Inactive"}</td>
              <td>
                {t.id === context.caller!.tenant.id
                  ? <span className="badge">Current</span>
                  : (
                    <form method="post" action="/user/tenant">
                      <input type="hidden" name="tenantId" value={t.id} />
                      <button className="btn" type="submit">Work in this tenant</button>
                    </form>
                  )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  ),
});
