/**
 * The display carousel's rotation (spec 1 §2 "Display carousel", spec 3 §2.4): which screens a TV shows,
 * for how long each, in order. Stored per display user in the displayUserSettings user setting; read by
 * the server (to render the first screen) and by the TV's small runtime (to rotate). Pure.
 */

/** The screens a TV can rotate (ROI screens join when that area is built). */
export const SCREEN_KINDS = [
  "killagendareport",
  "stockyard",
  "yieldCarcass",
  "operationalyield",
  "viewreport",
] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];

export const SECONDS = { min: 5, max: 600, default: 20 } as const;

export interface DisplayScreen {
  kind: ScreenKind;
  /** killagendareport: the species by name (the route's {paramSpecies}) */
  species?: string;
  /** stockyard: the yard (default: the user's first) */
  stockyardId?: number;
  /** yieldCarcass: the rotating yield view's index (server/areas/yield/reports/rules.ts CARCASS_VIEWS) */
  index?: number;
  /** operationalyield, viewreport: the saved yield report */
  reportId?: number;
  seconds: number;
}

/** The yield screens' number: yieldCarcass its index, the report screens their report. */
const yieldNumber = (s: Pick<DisplayScreen, "kind" | "index" | "reportId">) =>
  s.kind === "yieldCarcass" ? s.index : s.reportId;

export interface DisplaySettings {
  screens: DisplayScreen[];
}

/** A screen's page: what the TV shows and what the carousel fetches. */
export function screenPath(s: DisplayScreen): string {
  if (s.kind === "killagendareport") {
    return `/display/killagendareport/${encodeURIComponent(s.species ?? "")}`;
  }
  if (s.kind !== "stockyard") return `/display/${s.kind}/${yieldNumber(s) ?? ""}`;
  return s.stockyardId ? `/display/stockyard?yard=${s.stockyardId}` : "/display/stockyard";
}

/** A key that names a screen choice ("killagendareport:Beef", "stockyard:3"). */
export const screenKey = (
  s: Pick<DisplayScreen, "kind" | "species" | "stockyardId" | "index" | "reportId">,
) =>
  s.kind === "killagendareport"
    ? `killagendareport:${s.species}`
    : s.kind === "stockyard"
    ? `stockyard:${s.stockyardId ?? ""}`
    : `${s.kind}:${yieldNumber(s) ?? ""}`;

export const clampSeconds = (n: unknown) => {
  const v = typeof n === "number" && Number.isFinite(n) ? Math.round(n) : SECONDS.default;
  return Math.min(SECONDS.max, Math.max(SECONDS.min, v));
};

/**
 * The settings as stored, made safe to run: unknown kinds dropped, seconds clamped, duplicates removed,
 * only screens the TV may show (`allowed` keys). A TV with nothing configured shows the default screens.
 */
export function rotationOf(
  stored: unknown,
  allowed: readonly string[],
  fallback: readonly DisplayScreen[],
): DisplayScreen[] {
  const list = (stored as Partial<DisplaySettings> | null | undefined)?.screens;
  const seen = new Set<string>();
  const screens: DisplayScreen[] = [];
  for (const raw of Array.isArray(list) ? list : []) {
    const s = raw as Partial<DisplayScreen>;
    if (!SCREEN_KINDS.includes(s.kind as ScreenKind)) continue;
    const screen: DisplayScreen = {
      kind: s.kind as ScreenKind,
      ...(s.kind === "killagendareport" ? { species: String(s.species ?? "") } : {}),
      ...(s.kind === "stockyard" && s.stockyardId ? { stockyardId: Number(s.stockyardId) } : {}),
      ...(s.kind === "yieldCarcass" ? { index: Number(s.index) } : {}),
      ...(s.kind === "operationalyield" || s.kind === "viewreport" ? { reportId: Number(s.reportId) } : {}),
      seconds: clampSeconds(s.seconds),
    };
    const key = screenKey(screen);
    if (seen.has(key) || !allowed.includes(key)) continue;
    seen.add(key);
    screens.push(screen);
  }
  return screens.length ? screens : [...fallback];
}

/** The screen after `index` (wrapping); a single screen stays. */
export const nextIndex = (index: number, count: number) => (count <= 1 ? 0 : (index + 1) % count);

/** Where the rotation is `elapsedMs` after it started at `start` (a TV that slept catches up). */
export function positionAt(
  screens: readonly Pick<DisplayScreen, "seconds">[],
  start: number,
  elapsedMs: number,
) {
  const cycle = screens.reduce((n, s) => n + s.seconds * 1000, 0);
  if (!cycle) return { index: 0, remainingMs: 0 };
  let t = elapsedMs % cycle;
  let index = start % screens.length;
  for (;;) {
    const ms = screens[index].seconds * 1000;
    if (t < ms) return { index, remainingMs: ms - t };
    t -= ms;
    index = nextIndex(index, screens.length);
  }
}
