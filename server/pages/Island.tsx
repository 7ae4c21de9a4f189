import { type ComponentType, createContext, useContext } from "react";
import { preloadModule } from "react-dom";
import { renderToString } from "react-dom/server";
import { moduleEntry } from "./assets.ts";

/** Per page render: whether the islands runtime script has been emitted yet. */
export const IslandRenderContext = createContext<{ runtimeEmitted: boolean }>({ runtimeEmitted: false });

/**
 * Renders an island on the server inside the marker the browser runtime hydrates: the component's HTML,
 * its props as JSON, its module's hashed URL and the runtime's (for the shell, which loads it for islands
 * that arrive later: a fold's, server/pages/Folded.tsx). The runtime script is emitted once, after the
 * first island, so a page with no island (or only closed folds) sends and runs no React at all.
 *
 * The runtime, the island and every chunk they import are announced with `preloadModule`: React hoists
 * the `<link rel="modulepreload">` tags into <head> (the whole page renders before the first flush) and
 * drops duplicates, so the browser fetches all of them at once instead of discovering imports one
 * round trip at a time.
 */
export function Island<P extends object>(
  { name, component: Component, props }: { name: string; component: ComponentType<P>; props: P },
) {
  const render = useContext(IslandRenderContext);
  const runtime = moduleEntry("runtime/islands");
  const island = moduleEntry(`islands/${name}`);
  const emitRuntime = !render.runtimeEmitted;
  render.runtimeEmitted = true;
  for (const href of [runtime.src, ...runtime.imports, island.src, ...island.imports]) {
    preloadModule(href, { as: "script" });
  }
  const json = JSON.stringify(props);
  return (
    <>
      <div
        data-island={name}
        data-island-src={island.src}
        data-island-runtime={runtime.src}
        data-props={json}
        dangerouslySetInnerHTML={{ __html: islandHtml(name, Component, props, json) }}
      />
      {emitRuntime && <script type="module" src={runtime.src}></script>}
    </>
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
