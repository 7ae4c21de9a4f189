/**
 * The browser entry for pages with islands (`/static/runtime/islands-<hash>.js`), imported by the shell
 * once the page has been shown (client/runtime/shell.ts `startIslands`), so the document is parsed. It
 * hydrates every `[data-island]` marker due to start, importing the module its `data-island-src` names
 * (the shell has already preloaded it).
 */
import { hydrateIslands } from "./hydrate.ts";

// islands that start later: a fold's content (client/runtime/folds.ts), a form reached for (intent.ts)
document.addEventListener("islands:added", (e) => void hydrateIslands(e.target as ParentNode));
void hydrateIslands();
