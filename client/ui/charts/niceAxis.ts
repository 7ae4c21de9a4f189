/**
 * A value axis on round numbers: recharts scales an axis to the data's own extremes, so its ticks read
 * 72, −101, −191, −281 or $105k, $210k, $315k. `niceAxis` widens the extremes to whole steps of 1, 2 or
 * 5 × 10ⁿ (the smallest step that covers them in at most `maxSteps`), so every tick is a round number and
 * zero, when the axis crosses it, is one of them. Give a chart's <YAxis> both `domain` and `ticks`.
 */

export interface NiceAxis {
  domain: [number, number];
  ticks: number[];
}

const MULTIPLIERS = [1, 2, 5];
/** 0.1 + 0.2 as 0.3: the ticks are written on the axis */
const tidy = (n: number) => Number(n.toPrecision(12)) || 0;

export function niceAxis(
  values: Iterable<number | null | undefined>,
  { fromZero = false, integers = false, maxSteps = 6 }: {
    /** bars: the axis always holds 0, where they stand */
    fromZero?: boolean;
    /** counts: no step below 1 */
    integers?: boolean;
    maxSteps?: number;
  } = {},
): NiceAxis {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v == null || !Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (lo > hi) [lo, hi] = [0, 0];
  if (fromZero) [lo, hi] = [Math.min(lo, 0), Math.max(hi, 0)];
  if (lo === hi) {
    // one value: a step either side of it (or 0 to 4 for nothing at all)
    if (lo === 0) hi = integers ? 4 : 1;
    else {
      const pad = Math.abs(lo) / 10;
      [lo, hi] = fromZero && lo > 0 ? [0, hi] : fromZero ? [lo, 0] : [lo - pad, hi + pad];
    }
  }
  const minimum = (hi - lo) / maxSteps;
  let power = 10 ** Math.floor(Math.log10(minimum));
  for (;;) {
    for (const m of MULTIPLIERS) {
      const step = tidy(m * power);
      if (integers && !Number.isInteger(step)) continue;
      const first = Math.floor(tidy(lo / step));
      const last = Math.ceil(tidy(hi / step));
      if (last - first > maxSteps) continue;
      const ticks = Array.from({ length: last - first + 1 }, (_, i) => tidy((first + i) * step));
      return { domain: [ticks[0], ticks[ticks.length - 1]], ticks };
    }
    power *= 10;
  }
}

/** The numbers of `keys` in every row, for `niceAxis`. */
export function* valuesOf(
  rows: readonly object[],
  keys: readonly string[],
): Generator<number> {
  for (const row of rows) {
    for (const k of keys) {
      const v = (row as Record<string, unknown>)[k];
      if (typeof v === "number") yield v;
    }
  }
}
