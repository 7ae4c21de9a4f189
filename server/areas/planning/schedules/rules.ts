/**
 * A released schedule against the boning room's cartons (issue 41 item 7): per product, planned, packed
 * and remaining cartons and kg, and the yield against plan (packed kg as a share of planned kg). Pure.
 */
import type { ScheduledLine } from "../../../../db/tenant/planningSchedules.ts";

export type Packed = { productCodeId: number; cartons: number; kg: number };
export type ExecutionLine = {
  productId: number;
  name: string;
  plannedCartons: number;
  plannedKg: number;
  packedCartons: number;
  packedKg: number;
  remainingCartons: number;
  /** packed kg / planned kg, percent to one decimal; null when nothing was planned */
  againstPlanPercent: number | null;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => whole > 0 ? round1(part / whole * 100) : null;

export function executionLines(lines: readonly ScheduledLine[], packed: readonly Packed[]): ExecutionLine[] {
  const byCode = new Map(packed.map((p) => [p.productCodeId, p]));
  return lines.map((l) => {
    let cartons = 0, kg = 0;
    for (const code of l.productCodeIds) {
      const p = byCode.get(code);
      if (p) {
        cartons += p.cartons;
        kg += p.kg;
      }
    }
    return {
      productId: l.productId,
      name: l.name,
      plannedCartons: l.cartons,
      plannedKg: l.kg,
      packedCartons: cartons,
      packedKg: round1(kg),
      remainingCartons: Math.max(0, l.cartons - cartons),
      againstPlanPercent: percent(kg, l.kg),
    };
  });
}

export function executionTotals(lines: readonly ExecutionLine[]) {
  const sum = (f: (l: ExecutionLine) => number) => round1(lines.reduce((s, l) => s + f(l), 0));
  const plannedKg = sum((l) => l.plannedKg), packedKg = sum((l) => l.packedKg);
  return {
    plannedCartons: sum((l) => l.plannedCartons),
    plannedKg,
    packedCartons: sum((l) => l.packedCartons),
    packedKg,
    remainingCartons: sum((l) => l.remainingCartons),
    againstPlanPercent: percent(packedKg, plannedKg),
  };
}
