/**
 * The plant simulator's boning room (issue 38 item 5): the cartons a boning run makes of its carcasses,
 * pure and deterministic for a seed (the demo, the import bench and the tests use it).
 *
 * Each code's kg = its standard % × the run's HSCW × the run's factor × the code's drift × a small noise
 * (normal, sd 1.5 %); product a run made short of standard goes to the trim bin (meat left on trim and
 * bone), so the weighed total stays near the standard's ~98 % of HSCW. Product is packed in cartons of
 * 18–27 kg (one part carton when a code made less), bone, fat and trim in bins of 250–450 kg;
 * pieces = kg × the code's pieces per kg (at least 1 a carton when it counts pieces).
 */
import { seeded } from "../../seeded.ts";
import type { ProductKind } from "../rules.ts";

export interface SimCode {
  code: string;
  kind: ProductKind;
  /** the standard in force, % of HSCW */
  percent: number;
  piecesPerKg: number;
}

export interface SimCarton {
  serial: string;
  code: string;
  netKg: number;
  pieces: number;
}

export interface SimRun {
  /** the run's HSCW boned, kg */
  hscwKg: number;
  codes: readonly SimCode[];
  seed: number;
  /** carton serials are `${serialPrefix}-00001`, … */
  serialPrefix: string;
  /** the whole run's product against standard (0.97: 3 % short); default 1 */
  runFactor?: number;
  /** a code's own drift (by code), on top of the run's */
  drift?: Readonly<Record<string, number>>;
}

const CARTON_KG: readonly [number, number] = [18, 27];
const BIN_KG: readonly [number, number] = [250, 450];
const NOISE_SD = 0.015;

/** The cartons and bins of one run, serials in packing order. */
export function boneRun(run: SimRun): SimCarton[] {
  const rng = seeded(run.seed);
  const normal = (sd: number) =>
    sd * Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const kgByCode = new Map<string, number>();
  let short = 0;
  for (const c of run.codes) {
    const standardKg = (c.percent / 100) * run.hscwKg;
    const factor = c.kind === "product" ? (run.runFactor ?? 1) * (run.drift?.[c.code] ?? 1) : 1;
    const kg = Math.max(0, standardKg * factor * (1 + normal(NOISE_SD)));
    if (c.kind === "product") short += standardKg * factor - standardKg * 1;
    kgByCode.set(c.code, kg);
  }
  const trim = run.codes.find((c) => c.kind === "trim");
  if (trim && short < 0) kgByCode.set(trim.code, kgByCode.get(trim.code)! - short);
  const out: SimCarton[] = [];
  run.codes.forEach((c, i) => {
    // each code packs from its own stream: one code's drift leaves the others' cartons as they were
    const packing = seeded(run.seed * 131 + i).next;
    for (const netKg of pack(kgByCode.get(c.code)!, c.kind === "product" ? CARTON_KG : BIN_KG, packing)) {
      const pieces = c.piecesPerKg > 0 ? Math.max(1, Math.round(netKg * c.piecesPerKg)) : 0;
      out.push({
        serial: `${run.serialPrefix}-${String(out.length + 1).padStart(5, "0")}`,
        code: c.code,
        netKg,
        pieces,
      });
    }
  });
  return out;
}

/**
 * kg packed in containers of `min`–`max` kg (one part container when there is less), to 0.01 kg; nothing
 * under 0.5 kg. Sizes vary ±5 % around a target drawn in the range, and never pass `max`.
 */
export function pack(totalKg: number, [min, max]: readonly [number, number], next: () => number): number[] {
  if (totalKg < 0.5) return [];
  const ceiling = max / 1.12;
  const target = min + (ceiling - min) * next();
  const n = Math.max(1, Math.round(totalKg / target), Math.ceil(totalKg / ceiling));
  const weights = Array.from({ length: n }, () => 0.95 + 0.1 * next());
  const sum = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => Math.round((totalKg * w / sum) * 100) / 100);
}

/** HSCW profiles for runs without kill floor carcasses (the species' common category: mean, sd kg). */
export const HSCW_PROFILE: Readonly<Record<number, readonly [number, number]>> = {
  1: [24, 3.5],
  2: [300, 35],
  3: [80, 8],
};

/** The HSCW of `head` carcasses drawn from the species' profile (to 0.1 kg). */
export function simulatedHscw(speciesId: number, head: number, seed: number): number {
  const [mean, sd] = HSCW_PROFILE[speciesId] ?? [100, 10];
  const rng = seeded(seed);
  let total = 0;
  for (let i = 0; i < head; i++) {
    const z = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    total += Math.max(mean / 2, mean + sd * z);
  }
  return Math.round(total * 10) / 10;
}
