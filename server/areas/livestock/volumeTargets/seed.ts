/**
 * Demo kill volume targets for the processor, sized to the demo order calendar (../orders/seed.ts):
 * sheep on the chain Monday to Friday, 7 500 head a week until a step up to 8 500 from a Monday a
 * fortnight ahead (spring lambs), and beef Monday to Thursday at 400 head a week. Together they cover
 * the past 30 days and every day after, so the settings chart and the API have something real to compare.
 * Idempotent: does nothing when the tenant has any target.
 */
import type { DemoTenant } from "../../area.ts";
import { killVolumeTargets } from "../../../../db/tenant/schema.ts";
import { addDays, weekdayIndex } from "../../../../kernel/dates.ts";

const MON_FRI = [true, true, true, true, true, false, false];
const MON_THU = [true, true, true, true, false, false, false];

/** The demo data of a processor (a farm has none). */
export async function seedVolumeTargets(
  { db, today, category }: Pick<DemoTenant, "db" | "today" | "category">,
) {
  if (category !== "processor") return;
  if ((await db.select({ id: killVolumeTargets.id }).from(killVolumeTargets).limit(1)).length) return;
  const start = addDays(today, -30);
  const fortnight = addDays(today, 14);
  const stepUp = addDays(fortnight, (7 - weekdayIndex(fortnight)) % 7); // the Monday on or after it
  const now = new Date().toISOString();
  const target = (
    speciesId: number,
    weeklyTarget: number,
    weekDaysSelected: boolean[],
    startDate: string,
    endDate: string | null,
  ) => ({
    speciesId,
    tenantSiteId: null,
    daysOperatingPerWeek: weekDaysSelected.filter(Boolean).length,
    weeklyTarget,
    startDate,
    endDate,
    weekDaysSelected,
    createdAt: now,
    lastModified: now,
  });
  await db.insert(killVolumeTargets).values([
    target(1, 7_500, MON_FRI, start, addDays(stepUp, -1)),
    target(1, 8_500, MON_FRI, stepUp, null),
    target(2, 400, MON_THU, start, null),
  ]);
}
