/**
 * A server-drawn recharts chart kept by content, in compact markup (issue 39 speed). A chart is a pure
 * function of its props, and recharts took most of a dashboard load's server time, so the same figures
 * (a reload, another user, the same period) reuse the drawn SVG; bounded, the oldest goes first. The
 * markup loses what recharts repeats but no browser reads: the style attributes (StyleFreeChart), the
 * `orientation`, `width`, `height`, `x`, `y` it copies onto every <line> and <text> of the axes and grid, and
 * coordinates past two decimals. Server only: nothing hydrates it.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { withoutStyleAttributes } from "./StyleFreeChart.tsx";

const KEPT = 256;
const drawn = new Map<string, string>();

/** recharts' SVG without the attributes that mean nothing where it puts them. */
export function compactSvg(html: string): string {
  return withoutStyleAttributes(html)
    .replace(/<line [^>]*>/g, (tag) => tag.replace(/ (?:orientation|width|height|x|y)="[^"]*"/g, ""))
    .replace(/<text [^>]*>/g, (tag) => tag.replace(/ (?:orientation|width|height)="[^"]*"/g, ""))
    .replace(/<[^>]+>/g, (tag) => tag.replace(/(\d\.\d\d)\d+/g, "$1"));
}

/** The chart's compact markup, drawn once per `key` (the props it is drawn from, as text). */
export function keptSvg(key: string, draw: () => ReactElement): string {
  let html = drawn.get(key);
  if (html === undefined) {
    html = compactSvg(renderToStaticMarkup(draw()));
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, html);
  }
  return html;
}

/** `<KeptChart className keep={…}>` in place of StyleFreeChart where the chart is drawn from `keep`. */
export function KeptChart({ className, keep, children }: {
  className: string;
  /** everything the chart is drawn from, as text */
  keep: string;
  children: () => ReactElement;
}) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: keptSvg(keep, children) }} />;
}
