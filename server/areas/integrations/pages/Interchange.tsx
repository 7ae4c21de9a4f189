/**
 * The "Interchange" section of Settings › Plant Integrations (spec 3 §3, §4, §8): whether the interchange
 * is available (pinged as the page loads; "Check again" reloads), a card per interchange client sorted errors
 * first with the plant's local time (sun by day, moon by night), its data flow and a reset to Ready to
 * Process (force when the pipeline is running); and the errors the plant's systems reported, behind the
 * integration error notifications flag.
 */
import type { z } from "@hono/zod-openapi";
import { ActionButton } from "../../../pages/islands.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { dataFlowText, KILL_FLOOR_API, RESETTABLE_WITHOUT_FORCE } from "../../killFloor/rules.ts";
import type { IntegrationError, InterchangeClient, PingAnswer } from "../../killFloor/schemas.ts";

type Client = z.infer<typeof InterchangeClient>;
type ErrorRow = z.infer<typeof IntegrationError>;

function state(c: Client): [string, string] {
  if (c.isInErrorState) return ["In error", "badge-danger"];
  // silent: heard from before (the time is under "Last heard"), not in the last five minutes
  if (c.isSilent) return ["Gone quiet", "badge-warning"];
  if (c.isCurrentlyOperating) return ["Operating", "badge-success"];
  return ["Idle", "badge-muted"];
}

/**
 * One client's card. The testing home shows other organisations' clients: `reset` sends their reset
 * to its cross-tenant call with the organisation, whose name then heads the card.
 */
export function ClientCard({ client, timeZone, reset }: {
  client: Client;
  timeZone: string;
  reset?: { url: string; tenantId: number };
}) {
  const [label, badge] = state(client);
  const running = !client.isInErrorState && !RESETTABLE_WITHOUT_FORCE.includes(client.currentDataFlowStatus);
  return (
    <article
      className={`interchange-card${client.isInErrorState ? " is-error" : ""}`}
      aria-label={reset ? `${client.tenantName}: ${client.clientName}` : client.clientName}
    >
      <header>
        <h4>{reset ? `${client.tenantName}: ${client.clientName}` : client.clientName}</h4>
        <span className={`badge ${badge}`}>{label}</span>
      </header>
      <dl>
        <dt>Local time</dt>
        <dd>
          {client.localTime
            ? (
              <>
                <span aria-hidden="true">{client.dayPeriod === "day" ? "☀️" : "🌙"}</span> {client.localTime}
                <span className="muted small u-aside">{client.timeZone}</span>
              </>
            )
            : <span className="muted">Local time not available</span>}
        </dd>
        <dt>Data flow</dt>
        <dd>
          {dataFlowText(client.currentDataFlowStatus)}
          {client.resetRequestedAt && <span className="muted small u-aside">(reset asked)</span>}
        </dd>
        <dt>Site</dt>
        <dd>{client.siteName ?? "—"}</dd>
        <dt>Version</dt>
        <dd>
          {client.clientAppVersion || "—"}{" "}
          <span className={`badge ${client.isSoftwareUpToDate ? "badge-success" : "badge-warning"}`}>
            {client.isSoftwareUpToDate ? "Up to date" : "Update available"}
          </span>
        </dd>
        <dt>Last heard</dt>
        <dd>
          {formatDateTime(client.lastHeartbeatAt, timeZone)}
          {client.isSilent && <span className="muted small u-aside">(nothing since)</span>}
        </dd>
        <dt>Next run</dt>
        <dd>{formatDateTime(client.nextPipelineSchedule, timeZone)}</dd>
      </dl>
      {client.processEntries.length > 0 && (
        <ul className="interchange-steps">
          {client.processEntries.map((e) => <li key={e.name}>{e.name}: {e.status}</li>)}
        </ul>
      )}
      <div className="actions">
        <ActionButton
          label={running ? "Force reset" : "Reset data flow"}
          url={reset?.url ?? KILL_FLOOR_API.resetDataFlow}
          body={{
            ...(reset && { tenantId: reset.tenantId }),
            clientId: client.id,
            force: running,
            lastModified: client.lastModified,
          }}
          variant={running ? "danger" : undefined}
          confirm={running
            ? `The data flow is ${
              dataFlowText(client.currentDataFlowStatus)
            }. Reset it to Ready to Process anyway? A batch it is moving may need sending again.`
            : "Reset the data flow to Ready to Process?"}
          successToast="The data flow was reset to Ready to Process."
        />
      </div>
    </article>
  );
}

export function InterchangeSection({ clients, ping, errors, timeZone }: {
  clients: Client[];
  ping: z.infer<typeof PingAnswer>;
  /** null: the integration error notifications flag is off */
  errors: ErrorRow[] | null;
  timeZone: string;
}) {
  const open = errors?.filter((e) => !e.acknowledgedAt) ?? [];
  return (
    <section className="panel" aria-labelledby="interchange-title">
      <div className="panel-head">
        <h3 id="interchange-title">Interchange</h3>
        <a className="btn no-print" href="?">Check again</a>
      </div>
      <p role="status" className={ping.isAvailable ? "alert alert-success" : "alert alert-warning"}>
        {ping.message}
      </p>
      {clients.length
        ? (
          <div className="interchange-cards">
            {clients.map((c) => <ClientCard key={c.id} client={c} timeZone={timeZone} />)}
          </div>
        )
        : <p className="muted">No interchange clients are available.</p>}
      {errors && (
        <>
          <h3>Integration errors</h3>
          <Table
            columns={[
              { header: "When", cell: (e: ErrorRow) => formatDateTime(e.date, timeZone) },
              { header: "From", cell: (e) => e.integrationPartner },
              { header: "Problem", cell: (e) => e.errorType },
              { header: "Item", cell: (e) => e.errorItemId },
              { header: "Details", cell: (e) => e.message || "—" },
              { header: "Seen", cell: (e) => (e.acknowledgedAt ? `${e.acknowledgedBy ?? ""}` : "New") },
            ]}
            rows={errors}
            rowKey={(e) => e.id}
            empty="No errors reported."
          />
          {open.length > 0 && (
            <ActionButton
              label={`Mark ${open.length} as seen`}
              url={KILL_FLOOR_API.acknowledgeErrors}
              body={{ ids: open.map((e) => e.id) }}
              successToast="The errors were marked as seen."
            />
          )}
        </>
      )}
    </section>
  );
}
