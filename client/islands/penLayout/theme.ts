/**
 * The canvas's colours, read from the stylesheet's theme variables (client/styles/app.css), so the
 * Konva drawing follows light and dark like the rest of the page, and again when the theme changes.
 */
import { useEffect, useState } from "react";

export interface ThemeColors {
  yard: string;
  grid: string;
  gridMajor: string;
  pen: string;
  penStocked: string;
  penStroke: string;
  selected: string;
  band: string;
  surface: string;
  text: string;
  font: string;
}

/** Light theme values: the server's preview and the first render before the variables are read. */
export const LIGHT_COLORS: ThemeColors = {
  yard: "#f6f7f9",
  grid: "rgb(125 135 149 / 0.18)",
  gridMajor: "rgb(125 135 149 / 0.35)",
  pen: "rgb(255 255 255 / 0.85)",
  penStocked: "#dcebfb",
  penStroke: "#7d8795",
  selected: "#0a58a8",
  band: "rgb(10 88 168 / 0.12)",
  surface: "#ffffff",
  text: "#111418",
  font: "system-ui, sans-serif",
};

export function readColors(el: Element): ThemeColors {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const dark = (css.getPropertyValue("color-scheme").trim() || "light").includes("dark");
  const primary = v("--primary", LIGHT_COLORS.selected);
  return {
    yard: v("--surface-2", LIGHT_COLORS.yard),
    grid: dark ? "rgb(169 179 191 / 0.12)" : LIGHT_COLORS.grid,
    gridMajor: dark ? "rgb(169 179 191 / 0.26)" : LIGHT_COLORS.gridMajor,
    pen: dark ? "rgb(38 48 59 / 0.88)" : LIGHT_COLORS.pen,
    penStocked: v("--primary-soft", LIGHT_COLORS.penStocked),
    penStroke: v("--border-strong", LIGHT_COLORS.penStroke),
    selected: primary,
    band: dark ? "rgb(78 163 255 / 0.16)" : LIGHT_COLORS.band,
    surface: v("--surface", LIGHT_COLORS.surface),
    text: v("--text", LIGHT_COLORS.text),
    font: v("--font", LIGHT_COLORS.font),
  };
}

/** The colours of the element's theme, updated when the page's theme (or the system's) changes. */
export function useThemeColors(ref: { current: Element | null }): ThemeColors {
  const [colors, setColors] = useState(LIGHT_COLORS);
  useEffect(() => {
    const update = () => ref.current && setColors(readColors(ref.current));
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["data-theme", "class"],
    });
    const media = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
    media?.addEventListener("change", update);
    return () => {
      observer.disconnect();
      media?.removeEventListener("change", update);
    };
  }, [ref]);
  return colors;
}
