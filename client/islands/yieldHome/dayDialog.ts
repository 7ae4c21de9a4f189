/**
 * A day and plant's detail as a dialog (spec 3 §2.1 "clicking a day and plant opens a popup"): a table's
 * day or a chart's point is a link to the page with `day` and `plant`; here it opens a modal dialog with
 * that page's detail section instead (Escape, the Close button or the backdrop close it; focus returns).
 */
export function wireDayDialog(dialog: HTMLDialogElement) {
  const body = dialog.querySelector<HTMLElement>("[data-yield-dialog-body]")!;
  let opener: Element | null = null;
  let asked = 0;

  document.addEventListener("click", async (e) => {
    const link = (e.target as Element).closest("a[data-yield-day]");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || (e as MouseEvent).button !== 0) return;
    e.preventDefault();
    const href = link.getAttribute("href")!;
    opener = link;
    const mine = ++asked;
    body.textContent = "Loading…";
    dialog.setAttribute("aria-busy", "true");
    if (!dialog.open) dialog.showModal();
    try {
      const res = await fetch(href, { credentials: "same-origin", headers: { accept: "text/html" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const page = new DOMParser().parseFromString(await res.text(), "text/html");
      const detail = page.querySelector("[data-yield-day-detail]");
      if (mine !== asked) return;
      body.replaceChildren(
        detail ? document.importNode(detail, true) : "That day's detail could not be read.",
      );
    } catch {
      if (mine === asked) body.textContent = "That day's detail could not be read. Try again.";
    } finally {
      if (mine === asked) dialog.removeAttribute("aria-busy");
    }
  });

  dialog.addEventListener("click", (e) => {
    // the Close button, or the backdrop (a click on the dialog element itself, outside its box)
    if ((e.target as Element).closest("[data-yield-close]") || e.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    asked++;
    (opener as HTMLElement | null)?.focus?.();
  });
}
