/**
 * A recharts chart drawn on the server as plain SVG, without the inline `style` attributes recharts 2.15
 * puts on its wrapper and surface (`position:relative; width:420px…`, `width:100%`): the page policy
 * refuses inline styles (server/http/securityHeaders.ts), and the stylesheet says the same things
 * (client/styles/app.css: `.recharts-wrapper`, the charts' `svg.recharts-surface`). Server only: the
 * charts are no islands, so nothing hydrates this HTML.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Attribute values are always quoted in React's markup and a `"` inside one is `&quot;`, so this takes
 * off style attributes only, never text.
 */
export const withoutStyleAttributes = (html: string) => html.replace(/ style="[^"]*"/g, "");

export function StyleFreeChart({ className, children }: { className: string; children: ReactElement }) {
  return (
    <div
      className={className}
      dangerouslySetInnerHTML={{ __html: withoutStyleAttributes(renderToStaticMarkup(children)) }}
    />
  );
}
