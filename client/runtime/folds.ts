/**
 * A closed fold's content, loaded when it is opened (server/pages/Folded.tsx): the same page asked for
 * with `?fold=<name>`, where the fold comes open, and its content moved into this page's fold. The islands
 * in it then start (the runtime is loaded if the page had none). The shell imports this module only when
 * a fold opens, so no page carries it otherwise.
 */
import { toast } from "./toast.ts";

/** Starts the islands of the given markers: the shell's `startIslands` (client/runtime/shell.ts). */
export type StartIslands = (markers: Iterable<Element> & ArrayLike<Element>) => Promise<unknown> | undefined;

/** `startIslands`: the shell's, which starts the fold's islands (opened: reached for). */
export async function unfold(fold: HTMLDetailsElement, startIslands: StartIslands): Promise<void> {
  const pending = fold.querySelector<HTMLElement>(":scope > .fold-pending");
  if (!pending || fold.hasAttribute("aria-busy")) return;
  const name = fold.dataset.fold ?? "";
  const ownPage = pending.querySelector("a")?.getAttribute("href") ?? "";
  fold.setAttribute("aria-busy", "true");
  pending.textContent = "Loading…";
  try {
    const url = new URL(location.href);
    url.searchParams.set("fold", name); // FOLD_PARAM of server/pages/Folded.tsx
    url.hash = "";
    const res = await fetch(url, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (!res.ok) throw new Error(`${url.pathname}: ${res.status}`);
    const page = new DOMParser().parseFromString(await res.text(), "text/html");
    const loaded = Array.from(page.querySelectorAll<HTMLElement>("details[data-fold]"))
      .find((d) => d.dataset.fold === name && d.hasAttribute("open"));
    if (!loaded) throw new Error(`${url.pathname}: no section "${name}"`);
    // (a parsed page's scripts would not run; none belong in a fold)
    for (const script of loaded.querySelectorAll("script")) script.remove();
    const content = Array.from(loaded.childNodes).filter((n) =>
      !(n instanceof Element && n.matches("summary"))
    );
    pending.replaceWith(...content.map((n) => document.importNode(n, true)));
    await startIslands(fold.querySelectorAll("[data-island-modules]"));
    // (a runtime that already ran hydrates them on this event)
    fold.dispatchEvent(new Event("islands:added", { bubbles: true }));
  } catch (error) {
    console.error(error);
    const link = document.createElement("a");
    link.href = ownPage;
    link.textContent = "Open it on its own page";
    // (the section stays pending: closing and opening it again tries again)
    pending.replaceChildren("This section could not be loaded. ", link, ".");
    toast(
      "error",
      "This section could not be loaded. Close it and open it again, or open it on its own page.",
    );
  } finally {
    fold.removeAttribute("aria-busy");
  }
}
