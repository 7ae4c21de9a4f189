/**
 * Production planning, part B (issue 41 items 4, 5, 7): the planner's carcass group adjustments and the
 * groups kept between reads, the cut plans (each carcass group's recipes), and the schedules a plan is
 * released as (one per site, boning room and shift), with what each product was planned at.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, json } from "./columns.ts";

/**
 * A planner's change to a day's carcass groups, replayed in order over the grouped carcasses: a split by
 * weight or fat at a threshold, or a move of a group to another production day (planning/groups).
 */
export const planningGroupAdjustments = sqliteTable("planning_group_adjustments", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  /** the kill day of the group's carcasses */
  killDateValue: text("kill_date_value").notNull(),
  /** split or move */
  kind: text("kind").notNull(),
  groupId: text("group_id").notNull(),
  /** split: weight or fat, and the threshold (kg or mm) */
  splitBy: text("split_by"),
  splitAt: real("split_at"),
  /** move: the production day it goes to */
  toDate: text("to_date"),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull().default(""),
}, (t) => [index("planning_group_adjustments_day").on(t.speciesId, t.tenantSiteId, t.killDateValue)]);

/**
 * The grouped carcasses of a kill day, kept so the builder does not judge every carcass against every
 * specification on each read; dropped when the kill floor or the kill agenda announce a change of the day.
 */
export const planningGroupCache = sqliteTable("planning_group_cache", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  killDateValue: text("kill_date_value").notNull(),
  /** [id, hscwKg, fatMm | null, specificationIds][] of the day (negative ids: predicted carcasses) */
  carcasses: json<[number, number, number | null, number[]][]>("carcasses").notNull(),
  builtAt: text("built_at").notNull(),
}, (t) => [uniqueIndex("planning_group_cache_day").on(t.speciesId, t.tenantSiteId, t.killDateValue)]);

export type CutPlanGroup = {
  id: string;
  dateValue: string;
  tenantSiteId: number;
  recipesToTransact: number[];
};

/** A cut plan (spec 3 §3 "Cut plan"): each carcass group of a production day with a recipe per primal. */
export const cutPlans = sqliteTable("cut_plans", {
  id: id(),
  name: text("name").notNull(),
  productionDate: text("production_date").notNull(),
  speciesId: integer("species_id").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  /** standard (standard yields) or carcass (each carcass's HSCW and fat) */
  basis: text("basis").notNull().default("standard"),
  carcassGroups: json<CutPlanGroup[]>("carcass_groups").notNull(),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [index("cut_plans_day").on(t.productionDate, t.speciesId, t.tenantSiteId)]);

export type ScheduledLine = {
  productId: number;
  name: string;
  kg: number;
  cartons: number;
  productCodeIds: number[];
};

/** A cut plan released to a boning room for a shift: what each product was planned at when released. */
export const productionSchedules = sqliteTable("production_schedules", {
  id: id(),
  cutPlanId: integer("cut_plan_id").notNull().references(() => cutPlans.id),
  productionDate: text("production_date").notNull(),
  speciesId: integer("species_id").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  boningRoomId: integer("boning_room_id").notNull(),
  /** day or night */
  shift: text("shift").notNull(),
  lines: json<ScheduledLine[]>("lines").notNull(),
  releasedAt: text("released_at").notNull(),
  releasedBy: text("released_by").notNull().default(""),
  lastModified: text("last_modified").notNull(),
}, (t) => [
  uniqueIndex("production_schedules_shift").on(t.productionDate, t.boningRoomId, t.shift),
  index("production_schedules_plan").on(t.cutPlanId),
]);
