/**
 * Settings › Carcass Defects (pure): the defect codes the kill floor sent in a period, per species, beside
 * the rule that prices each (docs/decisions.md "Defects and condemnations"). A code without a live rule is
 * paid as pricing pays it then (invoices/pricing.ts): at the grid price, but a whole condemnation not at
 * all. Rows: codes without a rule first, then ruled codes by how often they came, then the species' rules
 * no carcass carried.
 */
import { CONDEMNED_CODE, unruledPaidWords } from "../../invoices/rules.ts";
import { describeDefectRule } from "../rules.ts";

/** A live (not archived) defect rule as the settings keep it; speciesId null = every species. */
export interface LiveDefectRule {
  id: number;
  code: string;
  name: string;
  speciesId: number | null;
  priceRule: string;
  amount: number;
}

export interface CodeCount {
  speciesId: number;
  code: string;
  carcasses: number;
  firstDay: string;
  lastDay: string;
}

export type DefectRowStatus = "noRule" | "ruled" | "unused";

export interface CarcassDefectRow {
  speciesId: number;
  code: string;
  status: DefectRowStatus;
  /** the rule that prices the code for the species (null: none) */
  ruleId: number | null;
  /** the rule's category on the invoice ("" without a rule) */
  name: string;
  /** the rule is the every-species one */
  everySpecies: boolean;
  carcasses: number;
  /** of the species' carcasses in the period, two decimals (null when none were killed) */
  sharePercent: number | null;
  firstDay: string | null;
  lastDay: string | null;
  /** how a carcass with it is paid, in words */
  paid: string;
}

/** The rule that prices `code` for a species: its own beats the every-species one (as pricing picks). */
export function ruleFor(rules: readonly LiveDefectRule[], speciesId: number, code: string) {
  const same = rules.filter((r) => r.code.toUpperCase() === code && (r.speciesId ?? speciesId) === speciesId);
  return same.find((r) => r.speciesId === speciesId) ?? same[0] ?? null;
}

/** How a carcass with the code is paid under the rule (or without one). */
export function paidWords(code: string, rule: Pick<LiveDefectRule, "priceRule" | "amount"> | null): string {
  const whole = code === CONDEMNED_CODE;
  if (!rule) return `No rule: ${unruledPaidWords(code)}`;
  // a whole condemnation pays a fixed amount a head or nothing (pricing.ts priceCarcass)
  if (whole && rule.priceRule !== "FixedPerHead") return "Not paid";
  return describeDefectRule(rule);
}

export function sharePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

/** "2.35 %", "< 0.01 %", "—" */
export function shareWords(percent: number | null): string {
  if (percent === null) return "—";
  if (percent > 0 && percent < 0.01) return "< 0.01 %";
  return `${percent.toFixed(percent >= 10 ? 1 : 2)} %`;
}

const RANK: Record<DefectRowStatus, number> = { noRule: 0, ruled: 1, unused: 2 };

/** One species' rows: the codes seen, then its live rules nothing carried; in the order the page shows. */
export function carcassDefectRows(
  speciesId: number,
  counts: readonly CodeCount[],
  killed: number,
  rules: readonly LiveDefectRule[],
): CarcassDefectRow[] {
  const seen = counts.filter((c) => c.speciesId === speciesId);
  const rows: CarcassDefectRow[] = seen.map((c) => {
    const rule = ruleFor(rules, speciesId, c.code);
    return {
      speciesId,
      code: c.code,
      status: rule ? "ruled" : "noRule",
      ruleId: rule?.id ?? null,
      name: rule?.name ?? "",
      everySpecies: rule ? rule.speciesId === null : false,
      carcasses: c.carcasses,
      sharePercent: sharePercent(c.carcasses, killed),
      firstDay: c.firstDay,
      lastDay: c.lastDay,
      paid: paidWords(c.code, rule),
    };
  });
  const seenCodes = new Set(seen.map((c) => c.code));
  const unusedCodes = [
    ...new Set(
      rules.filter((r) => (r.speciesId ?? speciesId) === speciesId).map((r) => r.code.toUpperCase()),
    ),
  ].filter((code) => !seenCodes.has(code));
  for (const code of unusedCodes) {
    const rule = ruleFor(rules, speciesId, code)!;
    rows.push({
      speciesId,
      code,
      status: "unused",
      ruleId: rule.id,
      name: rule.name,
      everySpecies: rule.speciesId === null,
      carcasses: 0,
      sharePercent: killed > 0 ? 0 : null,
      firstDay: null,
      lastDay: null,
      paid: paidWords(code, rule),
    });
  }
  return rows.sort((a, b) =>
    RANK[a.status] - RANK[b.status] || b.carcasses - a.carcasses || a.code.localeCompare(b.code)
  );
}

/** A defect category a person would type for a code: "GRASS-SEED" → "Grass seed". */
export function categoryOfCode(code: string): string {
  const words = code.toLowerCase().replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The codes the new defect detail form takes from its address (a code with a space is typed there). */
export const CODE_IN_ADDRESS = /^[A-Za-z0-9_-]+$/;

/**
 * The new defect detail form filled in for a code without a rule (its species, a category made from the
 * code), returning to Settings › Carcass Defects, or to the draft invoice whose warning opened it.
 */
export function addRuleHref(
  newDefectPath: string,
  r: { code: string; speciesId: number },
  fromInvoice?: number,
): string {
  const code = CODE_IN_ADDRESS.test(r.code) ? `code=${encodeURIComponent(r.code)}&` : "";
  const back = fromInvoice ? `back=invoice&invoiceId=${fromInvoice}` : "back=carcassDefects";
  return `${newDefectPath}?${code}speciesId=${r.speciesId}&${back}`;
}
