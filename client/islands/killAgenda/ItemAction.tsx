/**
 * The form under the agenda's bar for one lot's action: correct its head, or recall it from the kill floor
 * to the yard. Both need a reason (audited). Enter saves, Escape backs out; focus starts in the first field.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Item } from "./model.ts";
import { lotOf } from "./model.ts";

export type ItemActionKind = "head" | "recall";

export function ItemAction({ item, kind, busy, onCancel, onSubmit }: {
  item: Item;
  kind: ItemActionKind;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: { head: number; reason: string }) => void;
}) {
  const [head, setHead] = useState(String(item.numberOfHead));
  const [reason, setReason] = useState("");
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), [item.id, kind]);
  const lot = lotOf(item);
  const headOk = /^\d{1,6}$/.test(head);
  const reasonOk = reason.trim().length >= 3;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if ((kind === "recall" || headOk) && reasonOk) onSubmit({ head: Number(head), reason: reason.trim() });
  };
  return (
    <form
      className="agenda-action no-print"
      onSubmit={submit}
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
      aria-label={kind === "head" ? `Correct the head of ${lot}` : `Recall ${lot} to the yard`}
    >
      <strong>
        {kind === "head" ? `Correct the head of ${lot}` : `Recall ${lot} from the kill floor to the yard`}
      </strong>
      {kind === "head" && (
        <label>
          Head{" "}
          <input
            ref={first}
            className="input input-narrow"
            inputMode="numeric"
            value={head}
            aria-invalid={!headOk}
            onChange={(e) => setHead(e.target.value)}
          />
        </label>
      )}
      <label>
        Reason{" "}
        <input
          ref={kind === "recall" ? first : undefined}
          className="input"
          value={reason}
          maxLength={300}
          placeholder={kind === "head" ? "Counted at the knocking box" : "Vet hold, not killed today"}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <button
        className="btn btn-primary"
        type="submit"
        disabled={busy || !reasonOk || (kind === "head" && !headOk)}
      >
        {kind === "head" ? "Save head" : "Recall"}
      </button>
      <button className="btn" type="button" onClick={onCancel}>Cancel</button>
    </form>
  );
}
