/**
 * Classes for values that would otherwise be inline styles, which the page policy refuses (style-src
 * 'self', style-src-attr 'none': server/http/securityHeaders.ts). Each names a rule in
 * client/styles/app.css ("Styles that were inline").
 */

/** The class giving a bar its share (`--pct`), in whole percents from 0 to 100. */
export function pctClass(percent: number): string {
  const p = Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
  return `pct-${p}`;
}

/** The label column widths a form may ask for (client/ui/Field.tsx), each a class of its own. */
export const LABEL_WIDTHS = {
  "7.5rem": "label-w-7-5rem",
  "8rem": "label-w-8rem",
  "11rem": "label-w-11rem",
} as const;

export type LabelWidth = keyof typeof LABEL_WIDTHS;
