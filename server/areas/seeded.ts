/**
 * The demo seeds' random numbers: pure and deterministic, so every fresh demo looks the same on every
 * machine. Shared by the areas' seed.ts files (an area's seed never imports another area's seed).
 */

/** A small deterministic generator (mulberry32), so the demo is the same on every machine. */
export function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
