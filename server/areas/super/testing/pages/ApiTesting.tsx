import { defineScreen } from "../../../../pages/screen.ts";
import { declaredAccess } from "../../../../http/openapi.ts";
import { Table } from "../../../../../client/ui/Table.tsx";

/**
 * API testing: the OpenAPI reference (/api/docs, Swagger UI from this server) signed in as the super
 * user. It opens in its own tab, because the app's pages may not be framed (frame-ancestors 'none'); its
 * "Try it out" calls go from the same origin with the browser's session cookie, so they run as the super
 * user in the organisation they are working in. The super-only calls are listed here.
 */
export const SuperApiTestingScreen = defineScreen({
  loader: () =>
    [...declaredAccess()]
      .filter(([, rule]) => rule.role === "super")
      .map(([key]) => {
        const [method, path] = key.split(" ");
        return { method, path };
      })
      .sort((a, b) => a.path.localeCompare(b.path)),
  component: ({ data, context }) => (
    <section className="panel">
      <div className="panel-head">
        <h2>API testing</h2>
        <a className="btn btn-primary" href="/api/docs" target="_blank" rel="noopener">
          Open the API reference
        </a>
      </div>
      <p>
        The reference lists every call with its body and answers. Its “Try it out” runs calls as you (
        {context.caller!.user.email}) in{" "}
        <strong>{context.caller!.tenant.name}</strong>: work in another organisation first to try its data.
        Calls that change data change it for real.
      </p>
      <h3>Super user calls</h3>
      <Table
        rows={data}
        rowKey={(r) => `${r.method} ${r.path}`}
        empty="No super user calls."
        columns={[
          { header: "Method", className: "nowrap", cell: (r) => <code>{r.method}</code> },
          { header: "Path", cell: (r) => <code>{r.path}</code> },
        ]}
      />
    </section>
  ),
});
