/**
 * A change of a standard yield, price or segment override from a past date changes what past days' summaries
 * say: they are rebuilt from that date to today (bounded: assertReachable keeps the date within 400 days),
 * inside the change's own unit, so the change and its figures land together; open yield screens of those
 * days are told after the commit (yieldDataChanged, reason "settings").
 */
import type { Unit } from "../../../context.ts";
import { rebuildYieldDays } from "../../writes.ts";

export async function rebuildAfterDatedChange(unit: Unit, speciesId: number, from: string): Promise<void> {
  const today = unit.ctx.today;
  if (from > today) return; // no summarised day is affected
  await rebuildYieldDays(unit, { speciesId, from, to: today }, "settings");
}
