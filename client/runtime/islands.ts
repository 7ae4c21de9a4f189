/**
 * The browser entry for pages with islands (`/static/runtime/islands-<hash>.js`, loaded once per page as
 * a module script, so the document is parsed when it runs). It hydrates every `[data-island]` marker,
 * importing the module its `data-island-src` names (the page has already preloaded it).
 */
import { hydrateIslands } from "./hydrate.ts";

if (typeof document !== "undefined") {
  // islands that arrive later (a fold's content, client/runtime/folds.ts)
  document.addEventListener("islands:added", (e) => void hydrateIslands(e.target as ParentNode));
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => void hydrateIslands(), { once: true });
  } else {
    void hydrateIslands();
  }
}
