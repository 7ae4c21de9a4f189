import { type ComponentType, createContext, useContext } from "react";
import { preloadModule } from "react-dom";
import { moduleEntry } from "./assets.ts";

/** Per page render: whether the islands runtime script has been emitted yet. */
export const IslandRenderContext = createContext<{ runtimeEmitted: boolean }>({ runtimeEmitted: false });

/**
 * Renders an island on the server inside the marker the browser runtime hydrates: the component's HTML,
 * its props as JSON and its module's hashed URL. The runtime script is emitted once, after the first
 * island, so a page with no island sends no React at all.
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
  const emitRuntime = !render.runtimeEmitted;
  render.runtimeEmitted = true;
  const runtime = moduleEntry("runtime/islands");
  const island = moduleEntry(`islands/${name}`);
  for (const href of [runtime.src, ...runtime.imports, island.src, ...island.imports]) {
    preloadModule(href, { as: "script" });
  }
  return (
    <>
      <div data-island={name} data-island-src={island.src} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
      {emitRuntime && <script type="module" src={runtime.src}></script>}
    </>
  );
}
