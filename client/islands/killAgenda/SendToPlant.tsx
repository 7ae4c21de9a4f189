/**
 * Sending the day to the plant's systems (issue 36 items 1 and 2). The badge says whether the plant has
 * the day as it is; a sent day that changed says how ("3 lots moved, 1 merge") and offers "Send revision
 * N". Sending first asks the server what is not ready (not delivered, yard checks to do, no NVD): a day
 * with none of that sends in one click; otherwise a dialog lists the lots and the user confirms (the
 * confirm button is focused: Enter sends, Escape cancels).
 */
import { useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { api } from "../../runtime/api.ts";
import type { Agenda } from "./model.ts";

export interface NotReadyLot {
  itemId: number;
  killOrder: number;
  lot: string;
  supplierName: string;
  head: number;
  problems: string[];
}

interface SendCheck {
  revision: number;
  notReady: NotReadyLot[];
  lastModified: string;
}

export function SendToPlant({ agenda, busy, urls, send }: {
  agenda: Agenda;
  busy: boolean;
  urls: { sendToPlant: string; sendToPlantCheck: string };
  /** posts the send (the island's save: toast, answer, rollback) */
  send: (url: string, body: unknown, success: string) => Promise<boolean>;
}) {
  const [asking, setAsking] = useState<SendCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const changes = agenda.changesSinceSent;
  const sent = agenda.integrationStatus === "Sent";
  const done = `Revision ${agenda.revision} was sent to the plant's systems.`;

  const start = async () => {
    setChecking(true);
    try {
      const check = await api<SendCheck>("GET", urls.sendToPlantCheck, undefined, {
        query: { killAgendaId: agenda.id },
      });
      if (check.notReady.length) setAsking(check);
      else {
        await send(urls.sendToPlant, { killAgendaId: agenda.id, lastModified: check.lastModified }, done);
      }
    } catch {
      // the api client has toasted why
    } finally {
      setChecking(false);
    }
  };
  const confirm = async () => {
    const check = asking!;
    const ok = await send(urls.sendToPlant, {
      killAgendaId: agenda.id,
      lastModified: check.lastModified,
      confirmNotReady: true,
    }, done);
    if (ok) setAsking(null);
  };

  const label = changes ? `Send revision ${agenda.revision}` : sent ? "Send again" : "Send to plant";
  return (
    <>
      <span className="agenda-state" role="status">
        {agenda.isFrozen ? <span className="badge badge-muted">Lots kept</span> : null}
        <span
          className={`badge ${
            changes
              ? "badge-warning"
              : sent
              ? "badge-success"
              : agenda.integrationStatus === "Failed"
              ? "badge-error"
              : "badge-muted"
          }`}
        >
          {changes
            ? `Plant has revision ${agenda.sentRevision}`
            : sent
            ? `Plant has it (revision ${agenda.sentRevision ?? agenda.revision})`
            : agenda.integrationStatus === "Failed"
            ? "Sending failed"
            : "Not sent to the plant"}
        </span>
      </span>
      <button
        type="button"
        className={`btn${changes ? " btn-primary" : ""}`}
        disabled={busy || checking || !agenda.items.length}
        onClick={() => void start()}
      >
        {label}
      </button>
      {changes && (
        <p className="agenda-changed" role="status">
          <strong>Changed since sent:</strong> {changes.summary}. The plant has revision{" "}
          {agenda.sentRevision}; this is revision {agenda.revision}.
        </p>
      )}
      {asking && (
        <NotReadyDialog
          lots={asking.notReady}
          revision={asking.revision}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}

function NotReadyDialog({ lots, revision, busy, onConfirm, onCancel }: {
  lots: NotReadyLot[];
  revision: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const n = lots.length;
  return (
    <ConfirmDialog
      title={`Send with ${n} ${n === 1 ? "lot" : "lots"} not ready?`}
      confirmLabel="Send anyway"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      wide
    >
      <p>
        The plant's systems will get revision {revision} with {n === 1 ? "this lot" : "these lots"} on it:
      </p>
      <ul className="agenda-not-ready">
        {lots.map((l) => (
          <li key={l.itemId}>
            <strong>#{l.killOrder} {l.lot}</strong> · {l.supplierName} · {l.head} head:{" "}
            {l.problems.join("; ")}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
