/**
 * The plant's MSA grader as the re-query reaches it (pure, deterministic): what the grader's system holds
 * for a carcass. A carcass already graded is held as it was sent, completed with what a grader always
 * records (the verdict, the eye muscle area); a carcass of an MSA-eligible mob that was graded but whose
 * results never reached us (a file without the MSA columns, a late grading run) is graded here from a seed
 * of its day and body number, with the simulator's distributions (simulator.ts). A real plant's interchange
 * answers the same question with its own records.
 */
import { seeded } from "../../seeded.ts";
import { isGraded, MSA_KEYS, MSA_MAX_PH, type MsaGrading, msaVerdict } from "./rules.ts";

export interface GradedCarcass extends MsaGrading {
  productionDate: string;
  bodyNumber: number;
  speciesId: number;
  sex: string | null;
  dentition: number | null;
  hscwKg: number;
  fatDepthMm: number | null;
  condemned: string;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The grader's record of a carcass; null when the grader never graded it (not cattle, a bull, condemned,
 * not eligible) and nothing of a grading reached us. What reached us is kept; only what is missing comes
 * from the grader's own draw.
 */
export function graderRecord(c: GradedCarcass, isMsaEligible: boolean): MsaGrading | null {
  const gradable = c.speciesId === 2 && isMsaEligible && c.condemned !== "whole" && c.sex !== "M";
  const stored: MsaGrading = pick(c);
  const anyStored = MSA_KEYS.some((k) => stored[k] !== null);
  if (!gradable) return anyStored ? completed(stored, c.hscwKg) : null;
  if (isGraded(stored) && stored.msaUltimatePh !== null) return completed(stored, c.hscwKg);
  const drawn = draw(c);
  const merged = Object.fromEntries(MSA_KEYS.map((k) => [k, stored[k] ?? drawn[k]])) as unknown as MsaGrading;
  // a dark cutter has no index, whatever the draw said
  if (merged.msaUltimatePh !== null && merged.msaUltimatePh > MSA_MAX_PH) merged.msaIndex = null;
  return completed(merged, c.hscwKg);
}

/** A fresh grading of the carcass, from a seed of its day and body number (the simulator's distributions). */
function draw(c: GradedCarcass): MsaGrading {
  const rng = seeded(Date.parse(c.productionDate) / 86_400_000 * 10_000 + c.bodyNumber);
  const normal = (mean: number, sd: number) =>
    mean + sd * Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const drawn = (mean: number, sd: number, min: number, max: number) => clamp(normal(mean, sd), min, max);
  const t = c.dentition ?? 0;
  const [ossMean, ossSd] = t === 0 ? [150, 20] : t <= 2 ? [180, 25] : t <= 4 ? [220, 35] : [330, 60];
  const oss = Math.round(drawn(ossMean, ossSd, 100, 590) / 10) * 10;
  const marbling = Math.round(drawn(380, 100, 100, 1190) / 10) * 10;
  const ts = rng.next() < 0.05;
  const hgp = rng.next() < 0.1;
  const ph = round(drawn(5.58, 0.07, 5.3, 7), 2);
  const index = 60 + 1.2 * (marbling - 380) / 100 - 3.5 * (oss - 150) / 100 + (ts ? 3 : 0) - (hgp ? 2 : 0);
  return {
    msaHumpMm: Math.round(drawn(65, 20, 30, 200)),
    msaHangMethod: ts ? "TS" : "AT",
    msaHgp: hgp,
    msaOssification: oss,
    msaMarbling: marbling,
    msaRibFatMm: Math.round(drawn(0.6 * (c.fatDepthMm ?? 10), 1.5, 1, 60)),
    msaUltimatePh: ph,
    msaLoinTempC: round(drawn(6, 2.5, 0, 15), 1),
    msaIndex: ph > MSA_MAX_PH ? null : round(clamp(normal(index, 1.5), 30, 80), 2),
    msaEyeMuscleAreaCm2: null,
    msaCompliant: null,
    msaNonComplianceReason: null,
  };
}

/** A grading with the verdict and the eye muscle area a grader always records. */
function completed(g: MsaGrading, hscwKg: number): MsaGrading {
  const verdict = msaVerdict(g);
  return {
    ...g,
    msaEyeMuscleAreaCm2: g.msaEyeMuscleAreaCm2 ?? Math.round(0.22 * hscwKg + 15),
    msaCompliant: verdict.compliant,
    msaNonComplianceReason: verdict.reason,
  };
}

/** The MSA fields of a carcass. */
export function pick(c: MsaGrading): MsaGrading {
  return {
    msaHumpMm: c.msaHumpMm,
    msaHangMethod: c.msaHangMethod,
    msaHgp: c.msaHgp,
    msaOssification: c.msaOssification,
    msaMarbling: c.msaMarbling,
    msaRibFatMm: c.msaRibFatMm,
    msaUltimatePh: c.msaUltimatePh,
    msaLoinTempC: c.msaLoinTempC,
    msaIndex: c.msaIndex,
    msaEyeMuscleAreaCm2: c.msaEyeMuscleAreaCm2,
    msaCompliant: c.msaCompliant,
    msaNonComplianceReason: c.msaNonComplianceReason,
  };
}
