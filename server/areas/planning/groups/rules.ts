/**
 * Plannable carcass groups (issue 41 item 4): a day's carcasses grouped by the specifications they meet,
 * then the planner's adjustments replayed in order: a split by weight (HSCW) or fat depth at a threshold,
 * a move of a group to another production day. Pure: the carcasses come in already judged against the
 * specifications (the caller runs the specification rules), so the builder island can replay a split too.
 *
 * A group's id says where it came from: `<day>:<spec ids>` for a base group, then `|w<=20` / `|w>20`
 * (weight) or `|f<=12` / `|f>12` (fat) per split. A move keeps the id and changes the group's day, so a
 * plan that names the group still finds it.
 */

export type PlannableCarcass = {
  /** the kill floor record's id, or a negative number for a predicted carcass */
  id: number;
  /** the day the carcass is (or will be) killed */
  dateValue: string;
  hscwKg: number;
  fatMm: number | null;
  /** the specifications it meets, any order */
  specificationIds: readonly number[];
};

export type SplitField = "weight" | "fat";

export type GroupAdjustment =
  | { kind: "split"; groupId: string; by: SplitField; at: number }
  | { kind: "move"; groupId: string; toDate: string };

/** A group as the builder shows it (no members). */
export type CarcassGroupSummary = {
  id: string;
  /** the production day the group is planned on (its kill day unless moved) */
  dateValue: string;
  /** the kill day the carcasses come from */
  killDateValue: string;
  specificationIds: number[];
  /** "HSCW ≤ 20 kg", "fat > 12 mm": what the splits kept */
  limits: string[];
  head: number;
  hscwKg: number;
  /** Σ HSCW × the fat factor: what the per-carcass prediction multiplies */
  fatAdjustedKg: number;
  averageFatMm: number | null;
  /** true when no carcass of it has been killed yet (predicted from the agenda) */
  isPredicted: boolean;
};

export type CarcassGroup = CarcassGroupSummary & { members: PlannableCarcass[] };

/** Spec 3 §3 "Plannable carcass day group". */
export type PlannableCarcassDayGroup = {
  speciesId: number;
  tenantSiteId: number;
  processingDateValue: string;
  totalWeight: number;
  totalCount: number;
  groups: CarcassGroupSummary[];
};

/** Fat depth (mm) at which a carcass yields its standard; lamb GR, beef P8. */
export const REFERENCE_FAT_MM: Record<number, number> = { 1: 12, 2: 10 };
/** Saleable meat lost per mm of fat over the reference (and gained under it), as a share. */
export const FAT_LOSS_PER_MM = 0.008;

/** How much of its standard yield a carcass of this fat gives (bounded to 0.9–1.1). */
export function fatFactor(fatMm: number | null, referenceMm: number): number {
  if (fatMm === null) return 1;
  const factor = 1 - FAT_LOSS_PER_MM * (fatMm - referenceMm);
  return Math.min(1.1, Math.max(0.9, factor));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function summarise(
  id: string,
  dateValue: string,
  killDateValue: string,
  specificationIds: number[],
  limits: string[],
  members: PlannableCarcass[],
  referenceFatMm: number,
): CarcassGroup {
  let hscw = 0, adjusted = 0, fatSum = 0, fatHead = 0, predicted = true;
  for (const m of members) {
    hscw += m.hscwKg;
    adjusted += m.hscwKg * fatFactor(m.fatMm, referenceFatMm);
    if (m.fatMm !== null) {
      fatSum += m.fatMm;
      fatHead++;
    }
    if (m.id > 0) predicted = false;
  }
  return {
    id,
    dateValue,
    killDateValue,
    specificationIds,
    limits,
    head: members.length,
    hscwKg: round2(hscw),
    fatAdjustedKg: round2(adjusted),
    averageFatMm: fatHead ? round2(fatSum / fatHead) : null,
    isPredicted: members.length > 0 && predicted,
    members,
  };
}

/** The base groups: one per kill day and set of specifications met, days then sets in order. */
export function baseGroups(carcasses: readonly PlannableCarcass[], referenceFatMm = 12): CarcassGroup[] {
  const byKey = new Map<string, { date: string; specs: number[]; members: PlannableCarcass[] }>();
  for (const c of carcasses) {
    const specs = [...new Set(c.specificationIds)].sort((a, b) => a - b);
    const key = `${c.dateValue}:${specs.length ? specs.join(".") : "none"}`;
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, entry = { date: c.dateValue, specs, members: [] });
    entry.members.push(c);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    .map(([key, e]) => summarise(key, e.date, e.date, e.specs, [], e.members, referenceFatMm));
}

const FIELD = {
  weight: { tag: "w", label: "HSCW", unit: "kg" },
  fat: { tag: "f", label: "fat", unit: "mm" },
};

/** Splits a group at a threshold: at or under it, and over it. An empty side is still a group (0 head). */
export function splitGroup(
  group: CarcassGroup,
  by: SplitField,
  at: number,
  referenceFatMm = 12,
): CarcassGroup[] {
  const f = FIELD[by];
  const value = (c: PlannableCarcass) => by === "weight" ? c.hscwKg : c.fatMm;
  const under = group.members.filter((c) => (value(c) ?? 0) <= at);
  const over = group.members.filter((c) => (value(c) ?? 0) > at);
  const side = (op: "<=" | ">", members: PlannableCarcass[]) =>
    summarise(
      `${group.id}|${f.tag}${op}${at}`,
      group.dateValue,
      group.killDateValue,
      group.specificationIds,
      [...group.limits, `${f.label} ${op === "<=" ? "≤" : ">"} ${at} ${f.unit}`],
      members,
      referenceFatMm,
    );
  return [side("<=", under), side(">", over)];
}

/** Why an adjustment cannot apply to these groups, or null. */
export function adjustmentProblem(groups: readonly CarcassGroupSummary[], a: GroupAdjustment): string | null {
  const group = groups.find((g) => g.id === a.groupId);
  if (!group) return "That group is no longer there. The groups have been reloaded.";
  if (a.kind === "split") {
    if (!(a.at > 0)) return "Split at a value above zero.";
    if (group.head < 2) return "A group of fewer than two carcasses cannot be split.";
    return null;
  }
  if (a.toDate === group.dateValue) return "The group is already on that day.";
  return null;
}

/** Replays the adjustments in order; one that no longer fits (its group gone) is skipped. */
export function applyAdjustments(
  groups: CarcassGroup[],
  adjustments: readonly GroupAdjustment[],
  referenceFatMm = 12,
): CarcassGroup[] {
  let out = groups;
  for (const a of adjustments) {
    const at = out.findIndex((g) => g.id === a.groupId);
    if (at < 0) continue;
    const g = out[at];
    const replaced = a.kind === "split"
      ? splitGroup(g, a.by, a.at, referenceFatMm)
      : [{ ...g, dateValue: a.toDate }];
    out = [...out.slice(0, at), ...replaced, ...out.slice(at + 1)];
  }
  return out;
}

/** The groups of each production day, in the spec's day-group shape (members left out). */
export function dayGroups(
  groups: readonly CarcassGroup[],
  speciesId: number,
  tenantSiteId: number,
): PlannableCarcassDayGroup[] {
  const byDay = new Map<string, CarcassGroupSummary[]>();
  for (const { members: _members, ...summary } of groups) {
    const list = byDay.get(summary.dateValue) ?? [];
    list.push(summary);
    byDay.set(summary.dateValue, list);
  }
  return [...byDay.keys()].sort().map((day) => {
    const list = byDay.get(day)!;
    return {
      speciesId,
      tenantSiteId,
      processingDateValue: day,
      totalWeight: round2(list.reduce((s, g) => s + g.hscwKg, 0)),
      totalCount: list.reduce((s, g) => s + g.head, 0),
      groups: list,
    };
  });
}
