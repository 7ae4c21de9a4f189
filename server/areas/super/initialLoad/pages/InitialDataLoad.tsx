import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton, InitialLoad } from "../../../../pages/islands.tsx";
import { demoMarkOf } from "../../demoData/operations.ts";
import { DEMO_MARKS } from "../../demoData/rules.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { TabBar } from "../../../../../client/ui/TabBar.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { idNumber } from "../../../../http/params.ts";
import { tenantChoice } from "../../pages/tenantChoice.ts";
import { recentLoads } from "../operations.ts";
import { INITIAL_LOAD_API } from "../api.ts";
import {
  INITIAL_LOAD_MAX_BYTES,
  INITIAL_LOAD_MAX_ROWS,
  KINDS,
  LOAD_KINDS,
  loadedText,
  type LoadKind,
} from "../rules.ts";
import { TenantPicker } from "../../pages/TenantPicker.tsx";

const PATH = "/super/initialdataload";
const Search = z.object({ tenantId: idNumber().optional(), kind: z.enum(LOAD_KINDS).optional() });

/** How rows find the organisation's records, in words (decisions.md "Initial data load"). */
const MATCHING = {
  namePic: "A row with the same name and PIC as one of the organisation's records updates that record",
  name: "A row with the same name as one of the organisation's records updates that record",
} as const;

/**
 * Initial data load: a new organisation's suppliers, stakeholders, buyers or transport companies from the
 * spreadsheets it sends at go-live. Template → filled in → preview (every row checked with the app's own
 * form rules, nothing written) → load (one transaction, audited). The latest loads are listed below.
 */
export const SuperInitialDataLoadScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const { tenants, tenant } = await tenantChoice(ctx, search.tenantId);
    const kind: LoadKind = search.kind ?? "suppliers";
    const loads = tenant ? await recentLoads(ctx, tenant.id) : [];
    const mark = tenant ? await demoMarkOf(ctx, tenant.id) : null;
    return { tenants, tenant, kind, loads, mark };
  },
  component: ({ data, context }) => {
    const { tenant, kind } = data;
    const info = KINDS[kind];
    return (
      <>
        <section className="panel stack">
          <div className="panel-head">
            <h2>Initial data load{tenant ? ` into ${tenant.name}` : ""}</h2>
            <TenantPicker tenants={data.tenants} current={tenant?.id} action={PATH} />
          </div>
          {!tenant ? <p>Choose an organisation.</p> : (
            <>
              <TabBar
                label="Kind of data"
                tabs={LOAD_KINDS.map((k) => ({ key: k, title: KINDS[k].title }))}
                current={kind}
                href={(k) => `${PATH}?tenantId=${tenant.id}&kind=${k}`}
              />
              <ol className="stack">
                <li>
                  Download the template: a header row naming the columns and one example row.{" "}
                  <a className="btn" href={INITIAL_LOAD_API.template(kind)} download data-template>
                    Download the {info.many} template
                  </a>
                </li>
                <li>
                  Fill it in a spreadsheet, one {info.one}{" "}
                  a row (replace the example), and save it as CSV. Blank cells and columns you leave out keep
                  what a record already has (clear a value in the {info.one}'s own form).
                </li>
                <li>
                  Choose the file below. Every row is checked with the rules of the {info.one}{" "}
                  form; nothing is written until you confirm the load.
                </li>
              </ol>
              <p className="muted small">
                {MATCHING[info.key]}; any other row adds a new{" "}
                {info.one}, so loading the same file twice adds nothing. Rows with problems are left out and
                listed by their spreadsheet row (the header is row 1).
              </p>
              <details>
                <summary>The template's columns</summary>
                <Table
                  rows={[...info.columns]}
                  rowKey={(c) => c.header}
                  empty="No columns."
                  columns={[
                    { header: "Column", className: "nowrap", cell: (c) => c.header },
                    { header: "Required", cell: (c) => (c.required ? "Yes" : "No") },
                    { header: "What it takes", cell: (c) => c.help || "Text." },
                    { header: "Example", optional: true, cell: (c) => c.example || "—" },
                  ]}
                />
              </details>
              <InitialLoad
                tenantId={tenant.id}
                tenantName={tenant.name}
                kind={kind}
                one={info.one}
                many={info.many}
                withPic={info.key === "namePic"}
                previewUrl={INITIAL_LOAD_API.preview}
                loadUrl={INITIAL_LOAD_API.load}
                maxBytes={INITIAL_LOAD_MAX_BYTES}
                maxRows={INITIAL_LOAD_MAX_ROWS}
              />
            </>
          )}
        </section>
        {tenant && (
          <section className="panel stack" data-panel="demo-seeds">
            <h2>Demo data for {tenant.name}</h2>
            <p className="muted small">
              Each area's demo data (orders, yards, kill floor, yields, invoices…) seeded into the
              organisation while the app runs, as the demo start does before it starts. What an area already
              holds is left as it is, so running it again adds nothing.
            </p>
            {data.mark
              ? (
                <p>
                  <ActionButton
                    label="Load each area's demo data"
                    url={INITIAL_LOAD_API.demoSeeds}
                    body={{ tenantId: tenant.id }}
                    confirm={`Load each area's demo data into ${tenant.name} (${DEMO_MARKS[data.mark]})?`}
                    successToast={`Each area's demo data is in ${tenant.name}.`}
                  />
                </p>
              )
              : (
                <p>
                  Only an organisation marked demo or test takes demo data: mark it on the{" "}
                  <a href={`/super/testing?tenantId=${tenant.id}`}>testing page</a>.
                </p>
              )}
          </section>
        )}
        {tenant && (
          <section className="panel">
            <h2>Latest loads into {tenant.name}</h2>
            <Table
              rows={data.loads}
              rowKey={(l) => l.id}
              empty="No initial data has been loaded into this organisation yet."
              columns={[
                { header: "When", className: "nowrap", cell: (l) => formatDateTime(l.at, context.timeZone) },
                { header: "Who", cell: (l) => l.userName },
                { header: "File", cell: (l) => l.detail.fileName ?? "—" },
                {
                  header: "Loaded",
                  cell: (l) =>
                    l.detail.kind && KINDS[l.detail.kind]
                      ? `${
                        loadedText(l.detail.kind, {
                          added: l.detail.added ?? 0,
                          updated: l.detail.updated ?? 0,
                        })
                      }; ${l.detail.unchanged ?? 0} unchanged, ${l.detail.rejected ?? 0} left out`
                      : "—",
                },
              ]}
            />
          </section>
        )}
      </>
    );
  },
});
