/**
 * The demo data panel of the testing home (issue 43 item 3): the chosen organisation's demo rows by set,
 * its demo or test mark, the load form (an island: it shows the load's progress) and the reset.
 */
import { ActionButton, DemoDataLoad } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import type { AreaContext } from "../../../context.ts";
import { SUPER_DEMO_DATA_API } from "../api.ts";
import { demoDataStatus } from "../operations.ts";
import { DEMO_MARKS, DEMO_SETS } from "../rules.ts";

export type DemoDataPanelData = Awaited<ReturnType<typeof demoDataStatus>>;

/** The panel's data for the organisation chosen on the testing home (null: none chosen). */
export const demoDataPanelData = (ctx: AreaContext, tenantId: number | null) =>
  tenantId === null ? Promise.resolve(null) : demoDataStatus(ctx, tenantId);

type SetRow = DemoDataPanelData["bySet"][number];

export function DemoDataPanel({ data, timeZone }: { data: DemoDataPanelData | null; timeZone: string }) {
  if (!data) {
    return (
      <section className="panel" aria-labelledby="demo-data-title">
        <h2 id="demo-data-title">Demo data</h2>
        <p className="muted">Choose an organisation above to load demo data into it.</p>
      </section>
    );
  }
  const markButton = data.mark
    ? (
      <ActionButton
        label="Remove the mark"
        url={SUPER_DEMO_DATA_API.mark}
        body={{ tenantId: data.tenantId, mark: null }}
        confirm={`${data.tenantName} will no longer be purged by demo data loads. Remove the mark?`}
        successToast={`${data.tenantName} is no longer marked demo or test.`}
      />
    )
    : (
      <ActionButton
        label="Mark as a demo organisation"
        url={SUPER_DEMO_DATA_API.mark}
        body={{ tenantId: data.tenantId, mark: "demo" }}
        confirm={`A demo data load may then remove ${data.tenantName}'s demo rows. Mark it demo?`}
        successToast={`${data.tenantName} is marked as a demo organisation.`}
      />
    );
  return (
    <section className="panel" aria-labelledby="demo-data-title" data-panel="demo-data">
      <div className="panel-head">
        <h2 id="demo-data-title">Demo data in {data.tenantName}</h2>
        <span className={data.mark ? "badge badge-success" : "badge badge-muted"}>
          {data.mark ? DEMO_MARKS[data.mark] : "Not marked demo or test"}
        </span>
        {markButton}
      </div>
      <div className="grid">
        <DemoDataLoad
          url={SUPER_DEMO_DATA_API.load}
          tenantId={data.tenantId}
          tenantName={data.tenantName}
          sets={DEMO_SETS.map(({ id, group, name, description }) => ({ id, group, name, description }))}
          purgeRefusal={data.purgeRefusal}
        />
        <div>
          <h3>{data.rows.toLocaleString("en-AU")} demo rows</h3>
          <Table<SetRow>
            rows={data.bySet}
            rowKey={(r) => String(r.setId)}
            empty="No demo rows yet."
            columns={[
              { header: "Set", cell: (r) => `${r.setId} · ${r.name}` },
              { header: "Rows", className: "num", cell: (r) => r.rows.toLocaleString("en-AU") },
              { header: "Last loaded", cell: (r) => formatDateTime(r.lastModified, timeZone) },
            ]}
          />
          {data.mark && (
            <ActionButton
              label="Process test orders"
              url={SUPER_DEMO_DATA_API.testOrders}
              body={{ tenantId: data.tenantId }}
              confirm={`Kill today's mobs waiting at ${data.tenantName}'s kill floor with simulated carcasses?`}
              successToast={`Today's test orders of ${data.tenantName} were processed: see the kill floor.`}
            />
          )}
          {data.purgeRefusal ? <p className="muted small">Reset: {data.purgeRefusal}</p> : (
            <ActionButton
              label="Reset demo data"
              variant="danger"
              url={SUPER_DEMO_DATA_API.reset}
              body={{ tenantId: data.tenantId }}
              confirm={`Remove every demo row of ${data.tenantName}?`}
              successToast={`The demo rows of ${data.tenantName} were removed.`}
            />
          )}
        </div>
      </div>
    </section>
  );
}
