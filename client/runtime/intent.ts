/**
 * Forms and buttons that start when the user reaches for them (`data-island-when="intent"`, server/pages/
 * Island.tsx). Their server HTML already shows everything and they do nothing until used, so a page made
 * of them runs no React while it is only read; on a slow PC React's start costs a few hundred
 * milliseconds of a busy main thread (docs/decisions.md "Forms that start when reached for").
 *
 * The shell loads this chunk on pages that have such an island. An island starts when the pointer comes
 * over it, a touch or focus lands in it, or something is entered in it (a password manager fills fields
 * without focusing them). What is typed before React holds the fields is handed over (earlyInput.ts); a
 * click before then (a button, a link, a box) is held, and given again once the island has hydrated, as
 * the same click on the same element. A form's Save stays disabled until hydration, as before.
 */
import type { StartIslands } from "./folds.ts";
import { heldClicks } from "./boot.ts";

const WAITING = "[data-island-when]:not([data-island-start])";
const NOT_READY = "[data-island-when]:not([data-hydrated]):not([data-island-error])"; // (a failed one: left be)

export function startOnIntent(startIslands: StartIslands): void {
  const reach = (target: Element) => {
    const island = target.closest?.(WAITING);
    // (a runtime that already ran, for another island, hydrates it on this event)
    if (island) {
      startIslands([island])?.then(() =>
        island.parentNode!.dispatchEvent(new Event("islands:added", { bubbles: true }))
      );
    }
  };
  for (const type of ["pointerover", "touchstart", "focusin", "input"]) {
    document.addEventListener(type, (e) => reach(e.target as Element), { capture: true, passive: true });
  }

  // the last click on each island not yet hydrated, given again when it has
  const held = new WeakMap<Element, Element>();
  const hold = (target: Element) => {
    const island = target.closest?.(NOT_READY);
    if (!island) return false;
    held.set(island, target);
    reach(target);
    return true;
  };
  document.addEventListener("click", (e) => {
    if (!hold(e.target as Element)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  // and those the boot script held before this chunk ran (client/runtime/boot.ts)
  const early = heldClicks();
  early?.stop();
  early?.targets.splice(0).forEach(hold);
  document.addEventListener("island:hydrated", (e) => {
    const island = e.target as Element;
    const target = held.get(island);
    held.delete(island);
    // a task later: React has rendered what the handed-over input changed (a Save it enabled)
    if (target) {
      setTimeout(() =>
        target.isConnected &&
        target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))
      );
    }
  });
}
