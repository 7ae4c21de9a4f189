/**
 * MSA (Meat Standards Australia) grading rules (no I/O): the verdict of a carcass when the grader did not
 * send one, an order's compliance rate, and what a re-query changed. Islands may import this module.
 */

/** The MSA pH window: above it a carcass is a dark cutter and does not grade. */
export const MSA_MAX_PH = 5.7;
export const MSA_MIN_PH = 5.3;

/** The MSA fields of a carcass, as stored. */
export interface MsaGrading {
  msaHumpMm: number | null;
  msaHangMethod: string | null;
  msaHgp: boolean | null;
  msaOssification: number | null;
  msaMarbling: number | null;
  msaRibFatMm: number | null;
  msaUltimatePh: number | null;
  msaLoinTempC: number | null;
  msaIndex: number | null;
  msaEyeMuscleAreaCm2: number | null;
  msaCompliant: boolean | null;
  msaNonComplianceReason: string | null;
}

export const MSA_KEYS = [
  "msaHumpMm",
  "msaHangMethod",
  "msaHgp",
  "msaOssification",
  "msaMarbling",
  "msaRibFatMm",
  "msaUltimatePh",
  "msaLoinTempC",
  "msaIndex",
  "msaEyeMuscleAreaCm2",
  "msaCompliant",
  "msaNonComplianceReason",
] as const satisfies readonly (keyof MsaGrading)[];

/** A carcass nobody graded: every MSA field empty (the simulator's ungraded kills, the tests' start). */
export const NO_MSA_GRADING = Object.freeze(
  Object.fromEntries(MSA_KEYS.map((k) => [k, null])) as { [K in keyof MsaGrading]: null },
);

/** What a person reads for each field (the before/after of a re-query names them). */
export const MSA_LABELS: Readonly<Record<keyof MsaGrading, string>> = {
  msaHumpMm: "Hump (mm)",
  msaHangMethod: "Hang method",
  msaHgp: "HGP",
  msaOssification: "Ossification",
  msaMarbling: "Marbling",
  msaRibFatMm: "Rib fat (mm)",
  msaUltimatePh: "Ultimate pH",
  msaLoinTempC: "Loin temp (°C)",
  msaIndex: "MSA index",
  msaEyeMuscleAreaCm2: "Eye muscle area (cm²)",
  msaCompliant: "Compliant",
  msaNonComplianceReason: "Reason",
};

export interface MsaVerdict {
  /** null: the carcass was not graded */
  compliant: boolean | null;
  reason: string | null;
}

/** Was the carcass graded at all (any grading measurement came back)? */
export const isGraded = (g: Pick<MsaGrading, "msaUltimatePh" | "msaIndex" | "msaCompliant">) =>
  g.msaUltimatePh !== null || g.msaIndex !== null || g.msaCompliant !== null;

/**
 * The grader's verdict when it sent one; otherwise the pH window decides (the rule MSA applies to every
 * carcass; other minimums such as rib fat come only from the grader's own verdict).
 */
export function msaVerdict(g: MsaGrading): MsaVerdict {
  if (g.msaCompliant !== null) {
    return {
      compliant: g.msaCompliant,
      reason: g.msaCompliant ? null : g.msaNonComplianceReason ?? "Did not meet MSA requirements",
    };
  }
  if (!isGraded(g)) return { compliant: null, reason: null };
  if (g.msaUltimatePh !== null && g.msaUltimatePh > MSA_MAX_PH) {
    return { compliant: false, reason: "Ultimate pH above 5.70" };
  }
  if (g.msaUltimatePh !== null && g.msaUltimatePh < MSA_MIN_PH) {
    return { compliant: false, reason: "Ultimate pH below 5.30" };
  }
  if (g.msaIndex === null) return { compliant: false, reason: "No MSA index" };
  return { compliant: true, reason: null };
}

/** An order's MSA compliance: graded carcasses, how many complied, the rate in whole percent (null: none). */
export function complianceOf(gradings: readonly MsaGrading[]) {
  let graded = 0;
  let compliant = 0;
  for (const g of gradings) {
    const v = msaVerdict(g);
    if (v.compliant === null) continue;
    graded++;
    if (v.compliant) compliant++;
  }
  return {
    graded,
    compliant,
    compliancePercent: graded ? Math.round((compliant * 1000) / graded) / 10 : null,
  };
}

export interface FieldChange {
  field: keyof MsaGrading;
  label: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

/** The fields a re-query changed, in the catalogue's order (equal numbers are equal to 0.001). */
export function msaChanges(before: MsaGrading, after: MsaGrading): FieldChange[] {
  return MSA_KEYS.flatMap((field) => {
    const a = before[field];
    const b = after[field];
    const same = typeof a === "number" && typeof b === "number" ? Math.abs(a - b) < 0.001 : a === b;
    return same ? [] : [{ field, label: MSA_LABELS[field], before: a, after: b }];
  });
}

/** A value as a grader reads it: Y/N for yes-no, "—" for none. */
export function msaValueText(v: string | number | boolean | null): string {
  if (v === null) return "—";
  if (typeof v === "boolean") return v ? "Y" : "N";
  return String(v);
}
