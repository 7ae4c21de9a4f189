/**
 * The browser entry for pages with islands (`/static/runtime/islands.js`, loaded once per page as a
 * module script, so the document is parsed when it runs). It hydrates every `[data-island]` marker,
 * loading `/static/islands/<Name>.js` on demand; React itself lives in a shared chunk.
 */
import { hydrateIslands } from "./hydrate.ts";

if (typeof document !== "undefined") {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => void hydrateIslands(), { once: true });
  } else {
    void hydrateIslands();
  }
}
