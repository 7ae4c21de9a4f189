import { type ComponentType, createContext, useContext } from "react";
import { ASSETS } from "./assets.ts";

/** Per page render: whether the islands runtime script has been emitted yet. */
export const IslandRenderContext = createContext<{ runtimeEmitted: boolean }>({ runtimeEmitted: false });

/**
 * Renders an island on the server inside the marker the browser runtime hydrates: the component's HTML
 * plus its props as JSON. The runtime script is emitted once, after the first island, so a page with no
 * island sends no React at all.
 */
export function Island<P extends object>(
  { name, component: Component, props }: { name: string; component: ComponentType<P>; props: P },
) {
  const render = useContext(IslandRenderContext);
  const emitRuntime = !render.runtimeEmitted;
  render.runtimeEmitted = true;
  return (
    <>
      <div data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
      {emitRuntime && <script type="module" src={ASSETS.islands}></script>}
    </>
  );
}
