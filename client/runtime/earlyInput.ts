/**
 * What the user typed, ticked or chose in an island's fields before React held them. The page is shown
 * before its scripts run (on a slow PC for a second or more; the islands start after the first paint):
 * React keeps such a value on screen but not in its state, and its next render puts the server's back.
 * The shell notes each such field's value (client/runtime/earlyInputNote.ts) and marks the island; only
 * then does the runtime (client/runtime/hydrate.ts) load this chunk, once React has committed.
 */
import type { EarlyField } from "./earlyInputNote.ts";

/**
 * Gives React each noted field's value as the user's own input would have been (a field React already
 * heard of is only set to the same again). A text field is set through the element's own setter to
 * something else (React's change tracking records that) and then natively to the typed text, so the input
 * event's onChange carries it; a box is set to the other state and clicked; a select is chosen again and
 * changed; a chosen file is chosen again, its files kept.
 */
export function handOverEarlyInput(island: HTMLElement) {
  for (const field of island.querySelectorAll<EarlyField>("input,textarea,select")) {
    const value = field.early;
    if (value === undefined) continue;
    delete field.early;
    if (typeof value === "boolean") {
      field.checked = !value;
      field.click();
    } else if ((field.type as string) === "file") {
      const chosen = new DataTransfer();
      for (const file of field.files ?? []) chosen.items.add(file);
      field.value = ""; // (what React's tracking records: the files set back are then a change)
      field.files = chosen.files;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field.options) {
      field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      field.value = value ? "" : " ";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}
