/**
 * Production schedules (issue 41 item 7): a cut plan released to a boning room for a shift, with what each
 * product was planned at when released, and its execution: the cartons the room has packed of each
 * product on that day and shift (yield's cartons, read only) against the plan.
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { boningRooms, cartons } from "../../../../db/tenant/schema.ts";
import { cutPlans, productionSchedules } from "../../../../db/tenant/planningSchedules.ts";
import { ApiError } from "../../../http/errors.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { outcomeOf } from "../builder/operations.ts";
import { executionLines, executionTotals } from "./rules.ts";
import type { ReleaseBody, SchedulesQuery } from "./schemas.ts";
import { ownDayRow } from "../scope.ts";

type ScheduleRow = typeof productionSchedules.$inferSelect;
const SHIFT_WORDS: Record<string, string> = { day: "Day shift", night: "Night shift" };

async function roomNames(ctx: AreaContext, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await ctx.db.select({ id: boningRooms.id, name: boningRooms.name }).from(boningRooms)
    .where(inArray(boningRooms.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function scheduleRow(ctx: AreaContext, id: number): Promise<ScheduleRow> {
  const [row] = await ctx.db.select().from(productionSchedules).where(eq(productionSchedules.id, id));
  return ownDayRow(ctx, row, "That production schedule");
}

function summary(row: ScheduleRow, rooms: Map<number, string>, planName: string) {
  return {
    id: row.id,
    cutPlanId: row.cutPlanId,
    planName,
    productionDate: row.productionDate,
    speciesId: row.speciesId,
    tenantSiteId: row.tenantSiteId,
    boningRoomId: row.boningRoomId,
    boningRoom: rooms.get(row.boningRoomId) ?? `Room ${row.boningRoomId}`,
    shift: row.shift as "day" | "night",
    shiftName: SHIFT_WORDS[row.shift] ?? row.shift,
    plannedCartons: row.lines.reduce((s, l) => s + l.cartons, 0),
    plannedKg: Math.round(row.lines.reduce((s, l) => s + l.kg, 0) * 10) / 10,
    releasedAt: row.releasedAt,
    releasedBy: row.releasedBy,
    lastModified: row.lastModified,
  };
}

export async function listSchedules(ctx: AreaContext, q: In<typeof SchedulesQuery>) {
  if (q.fromDate > q.toDate) {
    throw ApiError.validation([{ field: "toDate", message: "The period ends before it starts." }]);
  }
  const rows = await ctx.db.select({ s: productionSchedules, planName: cutPlans.name }).from(
    productionSchedules,
  )
    .innerJoin(cutPlans, eq(cutPlans.id, productionSchedules.cutPlanId))
    .where(and(
      gte(productionSchedules.productionDate, q.fromDate),
      lte(productionSchedules.productionDate, q.toDate),
      ctx.scope.where({ species: productionSchedules.speciesId }),
    )).orderBy(
      asc(productionSchedules.productionDate),
      asc(productionSchedules.boningRoomId),
      asc(productionSchedules.shift),
    )
    .limit(500);
  const rooms = await roomNames(ctx, [...new Set(rows.map((r) => r.s.boningRoomId))]);
  return rows.filter((r) => r.s.tenantSiteId === 0 || ctx.scope.hasSite(r.s.tenantSiteId))
    .map((r) => summary(r.s, rooms, r.planName));
}

/** Releases a cut plan to a boning room for a shift: its predicted products become the schedule's lines. */
export async function releaseSchedule(ctx: AreaContext, body: In<typeof ReleaseBody>) {
  const [found] = await ctx.db.select().from(cutPlans).where(eq(cutPlans.id, body.cutPlanId));
  const plan = ownDayRow(ctx, found, "That cut plan");
  if (body.lastModified && body.lastModified !== plan.lastModified) {
    throw ApiError.conflict("The cut plan changed since you opened it. Reload it before releasing.");
  }
  const [room] = await ctx.db.select().from(boningRooms).where(eq(boningRooms.id, body.boningRoomId));
  if (
    !room || (plan.tenantSiteId !== 0 && room.tenantSiteId !== plan.tenantSiteId) ||
    !room.speciesIds.includes(plan.speciesId)
  ) {
    throw ApiError.validation([{
      field: "boningRoomId",
      message: "That boning room does not bone this species at this site.",
    }]);
  }
  const assignments = plan.carcassGroups.map((g) => ({ groupId: g.id, recipeIds: g.recipesToTransact }));
  const { products, catalogue } = await outcomeOf(
    ctx,
    plan,
    assignments,
    plan.basis === "carcass" ? "carcass" : "standard",
  );
  if (!products.length) {
    throw ApiError.validation([{
      field: "cutPlanId",
      message: "The plan predicts no products: give its groups recipes first.",
    }]);
  }
  const codesOf = new Map(catalogue.products.map((p) => [p.id, p.productCodeIds]));
  const lines = products.map((p) => ({
    productId: p.productId,
    name: p.name,
    kg: p.kg,
    cartons: p.cartons,
    productCodeIds: codesOf.get(p.productId) ?? [],
  }));
  const row = await ctx.write(async (tx, unit) => {
    const [taken] = await tx.select({ id: productionSchedules.id }).from(productionSchedules).where(and(
      eq(productionSchedules.productionDate, plan.productionDate),
      eq(productionSchedules.boningRoomId, room.id),
      eq(productionSchedules.shift, body.shift),
    ));
    if (taken) {
      throw ApiError.conflict(`${room.name} already has a schedule for the ${body.shift} shift of that day.`);
    }
    const now = nextModified();
    const [saved] = await tx.insert(productionSchedules).values({
      cutPlanId: plan.id,
      productionDate: plan.productionDate,
      speciesId: plan.speciesId,
      tenantSiteId: plan.tenantSiteId,
      boningRoomId: room.id,
      shift: body.shift,
      lines,
      releasedAt: now,
      releasedBy: ctx.caller.user.email ?? "",
      lastModified: now,
    }).returning();
    await unit.audit({
      entity: "Production schedule",
      entityId: saved.id,
      action: "Released",
      // the plan's id: the comparison's activity finds the release by it once the schedule is withdrawn
      after: { cutPlanId: plan.id },
      reason: `${plan.name} to ${room.name}, ${body.shift} shift`,
    });
    return saved;
  });
  return summary(row, new Map([[room.id, room.name]]), plan.name);
}

/** scheduleplanexecution/{id}: planned, packed and remaining per product, and the totals. */
export async function scheduleExecution(ctx: AreaContext, id: number) {
  const row = await scheduleRow(ctx, id);
  const codes = [...new Set(row.lines.flatMap((l) => l.productCodeIds))];
  const packed = codes.length
    ? await ctx.db.select({
      productCodeId: cartons.productCodeId,
      cartons: sql<number>`count(*)`,
      kg: sql<number>`coalesce(sum(${cartons.netKg}), 0)`,
    }).from(cartons).where(and(
      eq(cartons.productionDate, row.productionDate),
      eq(cartons.boningRoomId, row.boningRoomId),
      eq(cartons.shift, row.shift),
      inArray(cartons.productCodeId, codes),
    )).groupBy(cartons.productCodeId)
    : [];
  const [plan] = await ctx.db.select({ name: cutPlans.name }).from(cutPlans).where(
    eq(cutPlans.id, row.cutPlanId),
  );
  const lines = executionLines(
    row.lines,
    packed.map((p) => ({ ...p, cartons: Number(p.cartons), kg: Number(p.kg) })),
  );
  return {
    schedule: summary(row, await roomNames(ctx, [row.boningRoomId]), plan?.name ?? ""),
    lines,
    totals: executionTotals(lines),
  };
}

/** Takes a schedule back (the plan stays). */
export async function withdrawSchedule(ctx: AreaContext, body: { id: number; lastModified?: string }) {
  const row = await scheduleRow(ctx, body.id);
  if (body.lastModified && body.lastModified !== row.lastModified) {
    throw ApiError.conflict("The schedule changed since you opened it. It has been reloaded.");
  }
  await ctx.write(async (tx, unit) => {
    await tx.delete(productionSchedules).where(eq(productionSchedules.id, row.id));
    await unit.audit({
      entity: "Production schedule",
      entityId: row.id,
      action: "Withdrawn",
      before: { cutPlanId: row.cutPlanId },
    });
  });
  return { id: row.id };
}

/** What the release form offers: the plans of the period without a schedule yet, and the active boning rooms. */
export async function releaseChoices(ctx: AreaContext, fromDate: string, toDate: string) {
  const plans = await ctx.db.select().from(cutPlans).where(and(
    gte(cutPlans.productionDate, fromDate),
    lte(cutPlans.productionDate, toDate),
    ctx.scope.where({ species: cutPlans.speciesId }),
  )).orderBy(asc(cutPlans.productionDate), asc(cutPlans.name)).limit(200);
  const rooms = await ctx.db.select().from(boningRooms).where(eq(boningRooms.isActive, true))
    .orderBy(asc(boningRooms.name));
  return {
    plans: plans.filter((p) => p.tenantSiteId === 0 || ctx.scope.hasSite(p.tenantSiteId)),
    rooms: rooms.filter((r) => ctx.scope.hasSite(r.tenantSiteId) || r.tenantSiteId === 0),
  };
}

/** The schedules of a day with their execution (the Scheduled Products Report). */
export async function scheduledProducts(ctx: AreaContext, date: string) {
  const list = await listSchedules(ctx, { fromDate: date, toDate: date });
  return await Promise.all(list.map((s) => scheduleExecution(ctx, s.id)));
}

/** The last day before `date` with a schedule the caller may see (within a fortnight), or null. */
export async function lastScheduledDayBefore(ctx: AreaContext, date: string): Promise<string | null> {
  const list = await listSchedules(ctx, { fromDate: addDays(date, -14), toDate: addDays(date, -1) });
  return list.at(-1)?.productionDate ?? null;
}
