/**
 * The comparison's activity (spec 3 §7 "comparison objects and activity"; issue 41 item 8): what was done
 * to the plans a comparison can choose from (comparablePlans: the comparison objects), newest first, from
 * the audit trail: plans added and saved, copied and changed by bulk operations, schedules released and
 * withdrawn. A plan's entries name it by id; a schedule's name its plan in the audit's before/after.
 */
import { desc, inArray } from "drizzle-orm";
import { auditLog } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { comparablePlans } from "./operations.ts";
import { activityWords } from "./rules.ts";

const PLAN = "Cut plan";
const SCHEDULE = "Production schedule";
/** The newest entries shown. */
export const ACTIVITY_SHOWN = 50;
/** How far back the trail is read to find them (the plans' window is three weeks). */
const ENTRIES_READ = 2_000;

const planIdIn = (value: unknown): number | null => {
  const id = (value as { cutPlanId?: unknown } | null)?.cutPlanId;
  return typeof id === "number" ? id : null;
};

export async function comparisonActivity(ctx: AreaContext) {
  const plans = new Map((await comparablePlans(ctx)).map((p) => [p.id, p]));
  if (!plans.size) return [];
  const rows = await ctx.db.select().from(auditLog)
    .where(inArray(auditLog.entity, [PLAN, SCHEDULE]))
    .orderBy(desc(auditLog.id)).limit(ENTRIES_READ);
  const out = [];
  for (const r of rows) {
    const planId = r.entity === PLAN ? Number(r.entityId) : planIdIn(r.after) ?? planIdIn(r.before);
    const plan = planId === null ? undefined : plans.get(planId);
    if (!plan) continue;
    out.push({
      at: r.at.toISOString(),
      userName: r.userName,
      planId: plan.id,
      planName: plan.name,
      productionDate: plan.productionDate,
      speciesId: plan.speciesId,
      what: activityWords({ entity: r.entity, action: r.action, reason: r.reason }),
    });
    if (out.length === ACTIVITY_SHOWN) break;
  }
  return out;
}
