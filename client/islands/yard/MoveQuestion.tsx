/**
 * The question a move asks before a merge or head above a pen's capacity (useMove.ts): a modal dialog
 * with the server's words and numbers, an explicit confirm (focused: Enter confirms) and Cancel (Esc).
 */
import { useEffect, useRef } from "react";
import { Button } from "../../ui/Button.tsx";
import type { Asking } from "./useMove.ts";

export function MoveQuestion(
  { asking, busy, onConfirm, onCancel }: {
    asking: Asking;
    busy: boolean;
    onConfirm: () => void;
    onCancel: () => void;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLButtonElement>("[data-confirm]")?.focus();
    return () => dialog?.close();
  }, []);
  const merge = asking.questions.some((q) => q.startsWith("Merge"));
  const full = asking.questions.some((q) => q.includes("Put them in anyway"));
  const title = merge && full
    ? "Merge above the pen's capacity?"
    : merge
    ? "Merge mobs?"
    : "Pen over capacity";
  const confirm = merge && full ? "Merge anyway" : merge ? "Merge" : "Put them in";
  return (
    <dialog
      ref={ref}
      className="yard-dialog"
      aria-labelledby="yard-ask-title"
      onCancel={(e) => {
        e.preventDefault(); // Esc: the board's Escape handler cancels the move
        onCancel();
      }}
    >
      <h3 id="yard-ask-title">{title}</h3>
      {asking.questions.map((q) => <p key={q}>{q}</p>)}
      <div className="yard-buttons">
        <Button variant="primary" busy={busy} data-confirm="" onClick={onConfirm}>
          {confirm}
        </Button>
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
      </div>
    </dialog>
  );
}
