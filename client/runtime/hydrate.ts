/**
 * Island hydration. The server renders
 *   <div data-island="Name" data-props="{json}">…server HTML of the component…</div>
 * and this finds every marker, loads the island's module (default export = the component), parses
 * its props and calls hydrateRoot(marker, <Component {...props}/>). When the island has committed, what
 * was typed into its fields before is handed to React (client/runtime/earlyInput.ts), the marker gets
 * `data-hydrated` (e2e tests wait for it) and an `island:hydrated` event bubbles
 * from it. A failing island is logged and marked `data-island-error`; the others still hydrate.
 * The server writes each island's module URL in `data-island-src` (content-hashed, from
 * dist/static/manifest.json); tests pass a loader instead.
 */
import { type ComponentType, createElement, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";

export type IslandModule = { default: ComponentType<Record<string, unknown>> };
export type IslandLoader = (name: string) => Promise<IslandModule>;

const NAME = /^[A-Z][A-Za-z0-9]*$/;

function Committed({ el, name, children }: { el: HTMLElement; name: string; children?: ReactNode }) {
  useEffect(() => {
    const done = () => {
      el.setAttribute("data-hydrated", "");
      el.dispatchEvent(new CustomEvent("island:hydrated", { bubbles: true, detail: { name } }));
    };
    // typed into before React held the fields (the shell marks it): handed over first
    if (el.hasAttribute("data-touched")) {
      import("./earlyInput.ts").then((m) => m.handOverEarlyInput(el)).finally(done);
    } else done();
  }, [el, name]);
  return children;
}

export function parseProps(el: Element): Record<string, unknown> {
  const raw = el.getAttribute("data-props");
  if (!raw) return {};
  const parsed = JSON.parse(raw);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {};
}

const roots = new WeakMap<Element, Root>();

/** Hydrates one marker element. Resolves with its root, or null when it was already hydrated. */
export async function hydrateIsland(el: HTMLElement, load?: IslandLoader): Promise<Root | null> {
  if (roots.has(el) || el.hasAttribute("data-hydrating")) return null;
  const name = el.getAttribute("data-island") ?? "";
  el.setAttribute("data-hydrating", "");
  try {
    if (!NAME.test(name)) throw new Error("not an island's name");
    const props = parseProps(el);
    const src = el.getAttribute("data-island-src");
    if (!src && !load) throw new Error("no data-island-src");
    const mod = src ? await (import(/* @vite-ignore */ src) as Promise<IslandModule>) : await load!(name);
    if (typeof mod?.default !== "function" && typeof mod?.default !== "object") {
      throw new Error("no default export");
    }
    // as a transition, React hydrates in slices of a few milliseconds and lets the page answer between
    // them (a click is hydrated first): a large island no longer blocks a slow PC for a third of a second
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(
        el,
        createElement(Committed, { el, name }, createElement(mod.default, props)),
        {
          onRecoverableError(error, info) {
            console.warn(`[island ${name}] recoverable hydration error`, error, info?.componentStack ?? "");
          },
        },
      );
    });
    roots.set(el, root);
    return root;
  } catch (error) { // (the log names the island)
    el.setAttribute("data-island-error", "");
    console.error(`[island ${name}] failed to hydrate`, error);
    return null;
  } finally {
    el.removeAttribute("data-hydrating");
  }
}

/**
 * Hydrates every `[data-island]` in `scope` (default: the document); those in a
 * closed `<details>` when it first opens. A form's or button's island waits until the user reaches for
 * it (`data-island-when`, client/runtime/intent.ts), which marks it `data-island-start` first.
 */
export function hydrateIslands(
  scope: ParentNode = document,
  load?: IslandLoader,
): Promise<(Root | null)[]> {
  const markers = Array.from(scope.querySelectorAll<HTMLElement>("[data-island]"));
  const now: Promise<Root | null>[] = [];
  for (const el of markers) {
    // one in a closed <details> waits until it is opened: its code is fetched and run only if used
    const fold = el.closest("details:not([open])");
    if (fold) fold.addEventListener("toggle", () => void hydrateIsland(el, load), { once: true });
    else if (!el.matches("[data-island-when]:not([data-island-start])")) now.push(hydrateIsland(el, load));
  }
  return Promise.all(now);
}
