import type { RouteDef } from "../access/mod.ts";

/** Where a later issue will put a screen: says so plainly (it is never linked from the menu). */
export function NotBuilt({ def }: { def: RouteDef }) {
  return (
    <section className="panel" data-testid="not-built">
      <h2>{def.title}</h2>
      <p>This screen is not built yet.</p>
    </section>
  );
}
