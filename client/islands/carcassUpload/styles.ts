/** The upload's few layout styles, over the theme's variables (light and dark alike). */

/** the steps one under the other (banners keep no margins of their own here) */
export const COLUMN = { display: "flex", flexDirection: "column", gap: "var(--gap)" } as const;

/** a banner in the colour of its kind (the shell's banner rule would draw every one in blue) */
export const banner = (color: string) => ({ margin: 0, borderColor: color }) as const;
