import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { moduleEntry } from "./assets.ts";
import { type IslandName, ISLANDS_ON_INTENT } from "../../client/islands/registry.ts";

/**
 * Renders an island on the server inside the marker the browser runtime hydrates: the component's HTML,
 * its props as JSON, its module's hashed URL, and every module it needs (`data-island-modules`: the
 * runtime first, the island, the chunks they import statically).
 *
 * The page itself names no script of React's: the shell (client/runtime/shell.ts) preloads those modules
 * all at once and starts the runtime when the page has been shown, for the islands in view (a closed
 * fold's when it opens). So the first paint of a slow PC waits for the document and the stylesheet only,
 * not for React's 56 KB on the same line; hydration still takes one round trip, and what is typed before
 * it is handed over (client/runtime/hydrate.ts). A page with no island sends and runs no React at all.
 * A form or button island (`ISLANDS_ON_INTENT`) is marked `data-island-when="intent"` and starts only when
 * the user reaches for it (client/runtime/intent.ts).
 */
export function Island<P extends object>(
  { name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P },
) {
  const runtime = moduleEntry("runtime/islands");
  const island = moduleEntry(`islands/${name}`);
  const modules = new Set([runtime.src, ...runtime.imports, island.src, ...island.imports]);
  const json = JSON.stringify(props);
  return (
    <div
      data-island={name}
      data-island-src={island.src}
      data-island-modules={[...modules].join(" ")}
      data-island-when={ISLANDS_ON_INTENT.has(name) ? "intent" : undefined}
      data-props={json}
      dangerouslySetInnerHTML={{ __html: islandHtml(name, Component, props, json) }}
    />
  );
}

/**
 * An island's HTML, kept by its props: an island is a pure function of its props (they are all the
 * browser gets to hydrate it), so pages showing the same data (the live yard on every plant PC, a kill
 * agenda day on the TVs) render it once. Rendered on its own, as the browser's `hydrateRoot` on the marker
 * sees it. Least recently used entries go first; bounded by count and by size.
 */
const rendered = new Map<string, string>();
let renderedChars = 0;
const MAX_ISLANDS = 200;
const MAX_CHARS = 32 * 1024 * 1024;

export function islandHtml<P extends object>(
  name: string,
  Component: ComponentType<P>,
  props: P,
  json: string,
) {
  const key = `${name}\u0000${json}`;
  const hit = rendered.get(key);
  if (hit !== undefined) {
    rendered.delete(key); // most recently used last
    rendered.set(key, hit);
    return hit;
  }
  const html = renderToString(<Component {...props} />);
  rendered.set(key, html);
  renderedChars += key.length + html.length;
  for (const [old, value] of rendered) {
    if (rendered.size <= MAX_ISLANDS && renderedChars <= MAX_CHARS) break;
    rendered.delete(old);
    renderedChars -= old.length + value.length;
  }
  return html;
}
