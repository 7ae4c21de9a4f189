/**
 * The API keys of a plant's systems: the list (never a secret) and a form that makes one and shows it
 * once: the server keeps only a hash, so the box with the key and its Copy button is the only chance to
 * take it. The new key joins the list at once, by its prefix (issue 36 §7: no "No key yet" after making
 * one, no reload). Renders the same on the server and on the first client render.
 */
import { type FormEvent, useEffect, useState } from "react";
import { api, ApiError } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { describedBy, Field, TextInput } from "../ui/Field.tsx";
import { Table } from "../ui/Table.tsx";
import { formatDateTime } from "../../kernel/format.ts";
import ActionButton from "./ActionButton.tsx";

/** A key as the list shows it. */
export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  status: "active" | "revoked";
}

export interface ApiKeyCreateProps {
  /** the CreateApiKey endpoint */
  url: string;
  /** the RevokeApiKey endpoint */
  revokeUrl: string;
  maxLength: number;
  keys: ApiKeyRow[];
  /** the plant's time zone, for the times shown */
  timeZone: string;
  /** who is making keys here (the list's "by") */
  me: string;
}

interface Created {
  id: number;
  name: string;
  prefix: string;
  key: string;
  createdAt: string;
}

const NAME_ID = "api-key-name";
const HELP = "The system that will use the key, e.g. Scale 1 or Grading camera.";

export default function ApiKeyCreate({ url, revokeUrl, maxLength, keys, timeZone, me }: ApiKeyCreateProps) {
  const [rows, setRows] = useState(keys);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !name.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      const made = await api<Created>("POST", url, { name: name.trim() });
      setCreated(made);
      setRows((list) => [newRow(made, me), ...list.filter((k) => k.id !== made.id)]);
      setName("");
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldMessages().name);
    } finally {
      setBusy(false);
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast("success", "The key was copied.");
    } catch {
      // no clipboard (an older browser, a page not served over https): the key can still be selected
      toast("warning", "Select the key and copy it by hand.");
    }
  };

  return (
    <>
      <div className="table-wrap">
        <KeyTable rows={rows} revokeUrl={revokeUrl} timeZone={timeZone} />
      </div>
      <hr />
      <h3>New key</h3>
      {created
        ? (
          <div className="banner banner-warning" role="status" data-api-key-created>
            <p>
              The key for <strong>{created.name}</strong>. Copy it into the system now:{" "}
              <strong>it will not be shown again.</strong>
            </p>
            <p>
              <code data-api-key>{created.key}</code>
            </p>
            <p className="inline-form">
              <Button variant="primary" onClick={() => void copy(created.key)}>Copy</Button>
              <Button onClick={() => setCreated(null)}>Done</Button>
            </p>
          </div>
        )
        : (
          <form className="form" onSubmit={create} aria-label="New API key" aria-busy={busy || undefined}>
            <Field id={NAME_ID} label="Name" required help={HELP} error={error} labelWidth="8rem">
              <TextInput
                id={NAME_ID}
                name="name"
                value={name}
                onValue={(v) => {
                  setName(v.slice(0, maxLength));
                  setError(undefined);
                }}
                required
                invalid={Boolean(error)}
                describedBy={describedBy(NAME_ID, HELP, error)}
                autoComplete="off"
              />
            </Field>
            <Button type="submit" variant="primary" busy={busy} disabled={!hydrated || !name.trim()}>
              Create key
            </Button>
          </form>
        )}
    </>
  );
}

/** The row of a key just made: what the server would list for it. */
const newRow = (made: Created, me: string): ApiKeyRow => ({
  id: made.id,
  name: made.name,
  prefix: made.prefix,
  createdAt: made.createdAt,
  createdBy: me,
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  status: "active",
});

/** "12 May 2026, 2:05 pm" in the plant's time zone, "Never" for none. */
const at = (iso: string | null, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : "Never");

function KeyTable({ rows, revokeUrl, timeZone }: { rows: ApiKeyRow[]; revokeUrl: string; timeZone: string }) {
  return (
    <Table
      rows={rows}
      rowKey={(k) => k.id}
      empty="No key yet: make one for each system below."
      columns={[
        { header: "Name", cell: (k) => k.name },
        { header: "Key", cell: (k) => <code>{k.prefix}…</code> },
        { header: "Created", cell: (k) => `${at(k.createdAt, timeZone)} by ${k.createdBy}` },
        { header: "Last used", cell: (k) => at(k.lastUsedAt, timeZone) },
        {
          header: "Status",
          cell: (k) =>
            k.status === "active"
              ? <span className="badge badge-success">Active</span>
              : (
                <span title={`Revoked ${at(k.revokedAt, timeZone)} by ${k.revokedBy ?? "—"}`}>
                  <span className="badge badge-muted">Revoked</span>
                </span>
              ),
        },
        {
          header: "Actions",
          srOnly: true,
          cell: (k) =>
            k.status === "active" && (
              <ActionButton
                label="Revoke"
                url={revokeUrl}
                body={{ id: k.id }}
                variant="danger"
                confirm={`Revoke "${k.name}"? The system using it is refused from now on.`}
                successToast="The key was revoked."
              />
            ),
        },
      ]}
    />
  );
}
