/**
 * The question a move asks before a merge or head above a pen's capacity (useMove.ts): a modal dialog
 * with the server's words and numbers, an explicit confirm (focused: Enter confirms) and Cancel (Esc).
 */
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import type { Asking } from "./useMove.ts";

export function MoveQuestion(
  { asking, busy, onConfirm, onCancel }: {
    asking: Asking;
    busy: boolean;
    onConfirm: () => void;
    onCancel: () => void;
  },
) {
  const merge = asking.questions.some((q) => q.startsWith("Merge"));
  const full = asking.questions.some((q) => q.includes("Put them in anyway"));
  const title = merge && full
    ? "Merge above the pen's capacity?"
    : merge
    ? "Merge mobs?"
    : "Pen over capacity";
  const confirm = merge && full ? "Merge anyway" : merge ? "Merge" : "Put them in";
  return (
    <ConfirmDialog title={title} confirmLabel={confirm} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      {asking.questions.map((q) => <p key={q}>{q}</p>)}
    </ConfirmDialog>
  );
}
