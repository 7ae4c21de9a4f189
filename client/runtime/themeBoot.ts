/**
 * Inline this in <head> (before the stylesheet link) so the stored theme applies before first paint:
 *   <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
 * It sets html[data-theme] to "dark" or "light" from localStorage "theme" (absent/"none" = follow
 * prefers-color-scheme) and adds the `js` class to <html> (CSS shows script-only controls with it).
 * It also tells the server the browser's time zone (cookie `tz`), so pages know the plant's "today".
 */
/** localStorage key of the theme choice (the boot script below spells it literally). */
export const THEME_STORAGE_KEY = "theme";

export const THEME_BOOT_SCRIPT =
  '(function(){var d=document.documentElement;d.classList.add("js");try{var t=localStorage.getItem("theme");if(t==="dark"||t==="light")d.setAttribute("data-theme",t);else d.removeAttribute("data-theme")}catch(e){}try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z)document.cookie="tz="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}})();';
