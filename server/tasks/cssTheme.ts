/**
 * The dark palette is written once, as `html[data-theme="dark"] { … }` rules (client/styles/): a page
 * whose user chose no theme follows the system's, so the build repeats each such rule for
 * `html:not([data-theme])` under `prefers-color-scheme: dark`, right after it (the same place in the
 * cascade). Works on esbuild's unminified output, one declaration block per rule.
 */
const DARK_RULE = /^html\[data-theme=(?:"dark"|dark)\] \{\n([\s\S]*?)\n\}$/gm;

export function withSystemDark(css: string): string {
  return css.replace(DARK_RULE, (rule, body: string) => {
    const indented = body.split("\n").map((line) => `  ${line}`).join("\n");
    return `${rule}\n@media (prefers-color-scheme: dark) {\n  html:not([data-theme]) {\n${indented}\n  }\n}`;
  });
}
