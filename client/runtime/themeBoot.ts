/**
 * Inline this in <head> (before the stylesheet link) so the stored theme applies before first paint:
 *   <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
 * It sets html[data-theme] to "dark" or "light" from localStorage "theme" (absent/"none" = follow
 * prefers-color-scheme) and adds the `js` class to <html> (CSS shows script-only controls with it).
 * Nothing else: it runs before the first paint of every page. (The browser's time zone, which the first
 * use of Intl makes costly, is told by the shell script after the page: client/runtime/shell.ts.)
 */
/** localStorage key of the theme choice (the boot script below spells it literally). */
export const THEME_STORAGE_KEY = "theme";

export const THEME_BOOT_SCRIPT =
  '(function(){var d=document.documentElement;d.classList.add("js");try{var t=localStorage.getItem("theme");if(t==="dark"||t==="light")d.setAttribute("data-theme",t);else d.removeAttribute("data-theme")}catch(e){}})();';
