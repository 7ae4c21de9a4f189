/**
 * Inline this in <head> (before the stylesheet link) so it runs before the first paint of every page:
 *   <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
 * It does two things and nothing else:
 * - the stored theme: html[data-theme] "dark" or "light" from localStorage "theme" (absent/"none" = follow
 *   prefers-color-scheme), and the `js` class on <html> (CSS shows script-only controls with it);
 * - a click on a button that starts when reached for (`data-island-when`), made before the shell's intent
 *   chunk has run, is held in `__heldClicks` and given again by that chunk (client/runtime/intent.ts).
 *   On a busy PC the page is shown, and clicked, before its module scripts have run: such a click did
 *   nothing at all. The shell stops the holding on a page that has no such button.
 * (The browser's time zone, which the first use of Intl makes costly, is told by the shell script after
 * the page: client/runtime/shell.ts.)
 */
/** localStorage key of the theme choice (the boot script below spells it literally). */
export const THEME_STORAGE_KEY = "theme";

/** What the boot script leaves for the intent chunk: the clicks it held, and how to stop holding. */
export interface HeldClicks {
  targets: Element[];
  stop(): void;
}
export const heldClicks = () => (globalThis as { __heldClicks?: HeldClicks }).__heldClicks;

export const BOOT_SCRIPT = '(function(){var d=document.documentElement;d.classList.add("js");' +
  'try{var t=localStorage.getItem("theme");if(t==="dark"||t==="light")d.setAttribute("data-theme",t);' +
  'else d.removeAttribute("data-theme")}catch(e){}' +
  'var h=[],c=function(e){var t=e.target;if(t.closest&&t.closest("[data-island-when]:not([data-hydrated])"))' +
  "{e.preventDefault();e.stopImmediatePropagation();h.push(t)}};" +
  'document.addEventListener("click",c,true);' +
  'window.__heldClicks={targets:h,stop:function(){document.removeEventListener("click",c,true)}}})();';
