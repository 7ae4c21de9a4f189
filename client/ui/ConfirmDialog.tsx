/**
 * The one modal question an island asks before it does something that is hard to take back (a merge,
 * head above a pen's capacity, sending a day with lots not ready). It opens on mount with the confirm
 * button focused, so Enter confirms; Escape or Cancel answers no. Plain buttons keep it small: the planner
 * page carries it within its byte budget.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

export function ConfirmDialog({ title, confirmLabel, busy, onConfirm, onCancel, wide, children }: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** room for a list (the lots not ready) */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>("[data-confirm]")?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? "confirm-dialog is-wide" : "confirm-dialog"}
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      onCancel={(e) => {
        e.preventDefault(); // Esc: the island decides what cancelling undoes
        onCancel();
      }}
    >
      <h3 id={`${id}t`}>{title}</h3>
      <div id={`${id}d`}>{children}</div>
      <div className="confirm-dialog-buttons">
        <button
          type="button"
          className="btn btn-primary"
          data-confirm=""
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel}>Cancel</button>
      </div>
    </dialog>
  );
}
