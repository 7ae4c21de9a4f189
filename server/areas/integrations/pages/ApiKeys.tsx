/**
 * The "API keys" section of Settings › Plant Integrations: the tenant's keys (never their secrets), a
 * form that makes one and shows it once (the ApiKeyCreate island), and a Revoke button on each key in
 * use. Server-rendered; the screen's loader hands it the keys.
 */
import type { z } from "@hono/zod-openapi";
import { ActionButton, ApiKeyCreate } from "../../../pages/islands.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../client/ui/format.ts";
import { INTEGRATIONS_API } from "../api.ts";
import { API_KEY_NAME_MAX, type ApiKey } from "../schemas.ts";

type Key = z.infer<typeof ApiKey>;

/** "12 May 2026, 2:05 pm" in the plant's time zone, "Never" for none. */
const at = (iso: string | null, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : "Never");

function Status({ apiKey, timeZone }: { apiKey: Key; timeZone: string }) {
  if (apiKey.status === "active") return <span className="badge badge-success">Active</span>;
  return (
    <span title={`Revoked ${at(apiKey.revokedAt, timeZone)} by ${apiKey.revokedBy ?? "—"}`}>
      <span className="badge badge-muted">Revoked</span>
    </span>
  );
}

function RevokeButton({ apiKey }: { apiKey: Key }) {
  if (apiKey.status !== "active") return null;
  return (
    <ActionButton
      label="Revoke"
      url={INTEGRATIONS_API.revokeApiKey}
      body={{ id: apiKey.id }}
      variant="danger"
      confirm={`Revoke "${apiKey.name}"? The system using it is refused from now on.`}
      successToast="The key was revoked."
    />
  );
}

export function ApiKeysSection({ keys, timeZone }: { keys: Key[]; timeZone: string }) {
  return (
    <section className="panel" aria-label="API keys">
      <h2>API keys</h2>
      <p className="muted small">
        Scales, grading cameras and the plant's interchange client call the integration endpoints with a key
        of their own. A key reaches this organisation's integration endpoints only, nothing else; revoke it
        when the system is replaced or the key may have been seen.
      </p>
      <div className="table-wrap">
        <Table
          rows={keys}
          rowKey={(k) => k.id}
          empty="No key yet: make one for each system below."
          columns={[
            { header: "Name", cell: (k) => k.name },
            { header: "Key", cell: (k) => <code>{k.prefix}…</code> },
            { header: "Created", cell: (k) => `${at(k.createdAt, timeZone)} by ${k.createdBy}` },
            { header: "Last used", cell: (k) => at(k.lastUsedAt, timeZone) },
            { header: "Status", cell: (k) => <Status apiKey={k} timeZone={timeZone} /> },
            { header: "Actions", srOnly: true, cell: (k) => <RevokeButton apiKey={k} /> },
          ]}
        />
      </div>
      <hr />
      <h3>New key</h3>
      <ApiKeyCreate url={INTEGRATIONS_API.createApiKey} maxLength={API_KEY_NAME_MAX} />
    </section>
  );
}
