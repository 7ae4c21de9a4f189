/**
 * A mob in its pen: its separated head and the ticks of its checks (spec 1 §4).
 */
import { eq } from "drizzle-orm";
import { mobRequirements, stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import { settleSeparatedHead } from "../rules.ts";
import { MOB_ENTITY } from "../queries.ts";
import { currentMob, NOT_IN_PEN, penOf, touchPen } from "../yardTx.ts";
import { type AreaContext, nextModified, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { UpdateMobBody } from "../schemas.ts";

/** Separated head and requirement ticks of a mob in a pen. */
export function updateMobInPen(ctx: AreaContext, input: In<typeof UpdateMobBody>) {
  return yardAction(ctx, (unit) => updateMobInPenUnit(unit, input));
}

async function updateMobInPenUnit(unit: Unit, input: In<typeof UpdateMobBody>): Promise<Touched> {
  const { tx } = unit;
  const mob = await currentMob(unit, input.stockMobId, input.lastModified);
  if (mob.penId === null) {
    throw ApiError.conflict(NOT_IN_PEN);
  }
  const pen = await penOf(unit, mob.penId);
  const changes: string[] = [];
  if (input.separatedHead !== undefined) {
    const separatedHead = settleSeparatedHead(input.separatedHead, mob.head);
    await tx.update(stockMobs).set({ separatedHead, lastModified: nextModified(mob.lastModified) })
      .where(eq(stockMobs.id, mob.id));
    changes.push(`separated head ${mob.separatedHead} → ${separatedHead}`);
  }
  if (input.requirements?.length) {
    const own = await tx.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, mob.id));
    for (const tick of input.requirements) {
      const requirement = own.find((r) => r.id === tick.id);
      if (!requirement) {
        throw ApiError.validation([{
          field: "requirements",
          message: "That check is not one of this mob's.",
        }]);
      }
      if (requirement.isComplete === tick.isComplete) continue;
      await tx.update(mobRequirements).set({
        isComplete: tick.isComplete,
        completedBy: tick.isComplete ? displayName(unit.ctx.caller) : null,
        completedAt: tick.isComplete ? new Date().toISOString() : null,
      }).where(eq(mobRequirements.id, requirement.id));
      changes.push(`${requirement.name} ${tick.isComplete ? "done" : "not done"}`);
    }
    await tx.update(stockMobs).set({ lastModified: nextModified(mob.lastModified) })
      .where(eq(stockMobs.id, mob.id));
  }
  await touchPen(unit, pen);
  if (changes.length) {
    await unit.audit({ entity: MOB_ENTITY, entityId: mob.id, action: changes.join("; ") });
  }
  return { yardId: pen.stockyardId, penIds: [pen.id], reason: "update" };
}
