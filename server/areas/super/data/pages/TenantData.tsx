import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { idNumber } from "../../../../http/params.ts";
import { tenantChoice } from "../../pages/tenantChoice.ts";
import { tenantTables } from "../operations.ts";
import { SUPER_DATA_API } from "../api.ts";
import { UPLOAD_MAX_ROWS } from "../schemas.ts";
import { TenantPicker } from "../../pages/TenantPicker.tsx";

const Search = z.object({ tenantId: idNumber().optional() });

/** The tenants to choose from, the chosen one (default: the one the super user works in) and its tables. */
async function load(context: Parameters<typeof pageAreaContext>[0], tenantId: number | undefined) {
  const ctx = await pageAreaContext(context);
  const { tenants, tenant } = await tenantChoice(ctx, tenantId);
  const tables = tenant ? await tenantTables(ctx, tenant.id) : [];
  return { tenants, tenant, tables };
}

/**
 * Data download: a tenant's data as a zip of CSV files, one a table; and rows of a CSV or JSON file into
 * one of those tables (all or none).
 */
export const SuperDataDownloadScreen = defineScreen({
  validateSearch: Search,
  loader: ({ context, search }) => load(context, search.tenantId),
  component: ({ data }) => (
    <>
      <section className="panel">
        <div className="panel-head">
          <h2>Data download</h2>
          <TenantPicker tenants={data.tenants} current={data.tenant?.id} action="/super/datadownload" />
        </div>
        {data.tenant && (
          <>
            <p>
              <a className="btn btn-primary" href={SUPER_DATA_API.download(data.tenant.id)} download>
                Download {data.tenant.name}'s data
              </a>
            </p>
            <p className="muted small">
              A zip of CSV files, one a table below, with the organisation's users and sites (never
              passwords). The download is recorded.
            </p>
            <Table
              rows={data.tables}
              rowKey={(t) => t.name}
              empty="The organisation's database has no tables."
              columns={[
                { header: "File", cell: (t) => `${t.name}.csv` },
                { header: "Columns", className: "num", cell: (t) => t.columns.length },
              ]}
            />
          </>
        )}
      </section>
      {data.tenant && (
        <section className="panel">
          <DataForm
            id="tenant-upload"
            title={`Upload into ${data.tenant.name}`}
            fields={[
              {
                name: "table",
                label: "Table",
                type: "select",
                required: true,
                placeholder: "Choose…",
                options: data.tables.filter((t) => t.uploadable).map((t) => ({
                  value: t.name,
                  label: t.name,
                })),
                help: "The file's columns must be this table's (the data download shows them).",
              },
              {
                name: "format",
                label: "Format",
                type: "select",
                required: true,
                options: [{ value: "csv", label: "CSV with a header row" }, {
                  value: "json",
                  label: "JSON list of rows",
                }],
              },
              {
                name: "content",
                label: "File contents",
                type: "textarea",
                required: true,
                help: `Paste the file's text. At most ${
                  UPLOAD_MAX_ROWS.toLocaleString("en-AU")
                } rows; all are saved or none.`,
              },
            ]}
            initial={{ tenantId: data.tenant.id, table: "", format: "csv", content: "" }}
            submit={{ method: "POST", url: SUPER_DATA_API.upload }}
            submitLabel="Upload"
            successToast="The rows were uploaded."
          />
          <p className="muted small">
            Carcass files from a plant's systems go through the <a href="/super/fileupload">file upload</a>
            {" "}
            instead (work in the organisation first), which maps their columns.
          </p>
        </section>
      )}
    </>
  ),
});
