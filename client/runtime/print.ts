/**
 * Marking a document printed (the shell's `[data-print]` buttons and links), loaded when one is used.
 */
import { toast } from "./toast.ts";

/** Marks the document printed when the button or link names where (`data-print` = the URL). */
export async function markPrinted(button: HTMLElement) {
  const url = button.dataset.print;
  const ids = (button.dataset.printIds ?? "").split(",").filter(Boolean);
  if (url) {
    for (const id of ids) {
      const res = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Api-Version": "1" },
        body: JSON.stringify({ [button.dataset.printKey ?? "id"]: Number(id) }),
        keepalive: true,
      }).catch(() => null);
      if (!res?.ok) toast("warning", "The document prints, but it could not be marked as printed.");
    }
  }
}
