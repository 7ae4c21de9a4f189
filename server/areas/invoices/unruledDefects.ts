/**
 * Defect codes with no price rule (docs/decisions.md "Settings › Carcass Defects"): a code the kill floor
 * sent that no live defect detail of the species prices is paid as if there were no defect (pricing.ts
 * defectRulesOf), and a whole condemnation without a CONDEMNED rule is not paid. The draft invoice and
 * the kill floor's "carcass data complete" notification say so; Settings › Carcass Defects uses the same
 * words (unruledPaidWords). Pure: no I/O.
 */
import { type CarcassForPricing, CONDEMNED_CODE, type DefectRule, PART_CONDEMNED_CODE } from "./pricing.ts";

export interface UnruledDefect {
  /** upper case, as pricing matches it */
  code: string;
  /** carcasses carrying it (a code listed twice on one carcass counts once) */
  carcasses: number;
  /** the whole sentence a person reads */
  message: string;
}

/** How a carcass with a code that has no rule is paid: "paid at the grid price" or "not paid". */
export function unruledPaidWords(code: string): string {
  return code === CONDEMNED_CODE ? "not paid" : "paid at the grid price";
}

/** The codes a carcass is priced by: its condemnation's, then its own (a wholly condemned one: only that). */
function codesOf(c: Pick<CarcassForPricing, "defects" | "condemned">): Set<string> {
  // a whole condemnation is priced by its CONDEMNED rule alone (pricing.ts priceCarcass)
  if (c.condemned === "whole") return new Set([CONDEMNED_CODE]);
  const codes = c.defects.map((d) => d.trim().toUpperCase()).filter(Boolean);
  return new Set(c.condemned === "part" ? [PART_CONDEMNED_CODE, ...codes] : codes);
}

/** "12 carcasses carry GRASS-SEED, which has no price rule" (the notification's title says no more). */
export function unruledHead(code: string, carcasses: number): string {
  const many = carcasses !== 1;
  const n = `${carcasses} ${many ? "carcasses" : "carcass"}`;
  const what = code === CONDEMNED_CODE
    ? `${many ? "are" : "is"} condemned whole (${code})`
    : code === PART_CONDEMNED_CODE
    ? `${many ? "are" : "is"} part condemned (${code})`
    : `${many ? "carry" : "carries"} ${code}`;
  return `${n} ${what}, which has no price rule`;
}

/** "12 carcasses carry GRASS-SEED, which has no price rule: they are paid at the grid price." */
export function unruledMessage(code: string, carcasses: number): string {
  return `${unruledHead(code, carcasses)}: ${carcasses === 1 ? "it is" : "they are"} ${
    unruledPaidWords(code)
  }.`;
}

/**
 * The codes of these carcasses that no rule prices, most carcasses first. `rules` are the live rules that
 * apply to the carcasses' species (invoiceSettings speciesDefectRules): a rule of any kind, "paid at the
 * grid price" too, is a rule.
 */
export function unruledDefects(
  carcasses: readonly Pick<CarcassForPricing, "defects" | "condemned">[],
  rules: readonly Pick<DefectRule, "code">[],
): UnruledDefect[] {
  const ruled = new Set(rules.map((r) => r.code.trim().toUpperCase()));
  const counts = new Map<string, number>();
  for (const c of carcasses) {
    for (const code of codesOf(c)) if (!ruled.has(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .map(([code, n]) => ({ code, carcasses: n, message: unruledMessage(code, n) }));
}
