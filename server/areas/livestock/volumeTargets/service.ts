/**
 * Kill volume targets (spec 1 §3, spec 2 §2.2 "Livestock targets", §7.3): how many head a plant means to
 * kill per week for a species, over a period, on chosen weekdays; and the next-60-days comparison of
 * ordered head with those targets (spec 1 §9).
 *
 * Reading needs the user role and the livestockSettings, livestock or buy module; changing needs
 * livestockSettings. Species and sites are the caller's allowed ones. Each write is one transaction with
 * an audit record, refuses a stale lastModified (409) and a period overlapping another target of the same
 * species and scope (400), and is announced as killVolumeTargetUpdated after commit.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql, sum } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { killVolumeTargets, livestockOrders } from "../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import { changedValues, recordAudit } from "../../audit.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays } from "../../../../kernel/dates.ts";
import {
  findOverlap,
  NEXT_DAYS,
  ordersVersusTargets,
  selectedDayCount,
  targetProblems,
  targetTiming,
  typicalDailyTarget,
} from "./rules.ts";
import type {
  DeleteKillVolumeTargetBody,
  KillVolumeTarget,
  OrdersVersusTargets,
  UpsertKillVolumeTargetBody,
} from "./schemas.ts";

type TargetRow = typeof killVolumeTargets.$inferSelect;

/** The audit entity of a target's changes. */
export const TARGET_ENTITY = "killVolumeTarget";

export const ALL_SITES = "All sites";

export class KillVolumeTargetService {
  /** Access is checked by the route rules (api.ts, the page routes) before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  // ---------- reads ----------

  /** The caller's species' targets, by species, newest period first. */
  async list(speciesId?: number): Promise<KillVolumeTarget[]> {
    const allowed = this.#speciesIds();
    const ids = speciesId === undefined ? allowed : allowed.filter((s) => s === speciesId);
    if (!ids.length) return [];
    const rows = await this.ctx.db.select().from(killVolumeTargets)
      .where(inArray(killVolumeTargets.speciesId, ids))
      .orderBy(
        asc(killVolumeTargets.speciesId),
        desc(killVolumeTargets.startDate),
        asc(killVolumeTargets.id),
      );
    return rows.map((r) => this.#toDto(r));
  }

  async get(id: number): Promise<KillVolumeTarget> {
    return this.#toDto(await this.#find(this.ctx.db, id));
  }

  /**
   * Ordered head against target per day and species (GetOrdersVersusTargets): from `fromDate` (default
   * today) for `days` days (default 60: today plus 59).
   */
  async ordersVersusTargets(
    query: { fromDate?: string; days?: number; speciesId?: number; tenantSiteId?: number } = {},
  ): Promise<OrdersVersusTargets> {
    const fromDate = query.fromDate ?? this.ctx.today;
    const days = query.days ?? NEXT_DAYS;
    const toDate = addDays(fromDate, days - 1);
    const site = query.tenantSiteId ?? null;
    if (site !== null) this.#checkSite(site);
    const species = this.ctx.caller.species.filter((s) =>
      query.speciesId === undefined || s.id === query.speciesId
    );
    if (query.speciesId !== undefined && !species.length) {
      throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
    }
    const ids = species.map((s) => s.id);
    const [targets, orders] = ids.length
      ? await Promise.all([
        this.#targetsBetween(ids, fromDate, toDate),
        this.#orderVolumes(ids, fromDate, toDate, site),
      ])
      : [[], []];
    return {
      fromDate,
      toDate,
      days,
      tenantSiteId: site,
      series: ordersVersusTargets({ fromDate, days, species, targets, orders, tenantSiteId: site }),
    };
  }

  // ---------- writes ----------

  async upsert(body: UpsertKillVolumeTargetBody): Promise<KillVolumeTarget> {
    if (!this.#speciesIds().includes(body.speciesId)) {
      throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
    }
    if (body.tenantSiteId !== null) this.#checkSite(body.tenantSiteId);
    const values = {
      speciesId: body.speciesId,
      tenantSiteId: body.tenantSiteId,
      // blank: as many days as are ticked (docs/decisions.md)
      daysOperatingPerWeek: body.daysOperatingPerWeek ?? selectedDayCount(body.weekDaysSelected),
      weeklyTarget: body.weeklyTarget,
      startDate: body.startDate,
      endDate: body.endDate,
      weekDaysSelected: body.weekDaysSelected,
    };
    const problems = targetProblems(values);
    if (problems.length) throw ApiError.validation(problems);

    const row = await this.ctx.db.transaction(async (tx) => {
      const current = body.id ? await this.#find(tx, body.id) : null;
      if (current) assertUnchanged(current, body.lastModified, "kill volume target");
      await this.#refuseOverlap(tx, { ...values, id: body.id });
      if (!current) {
        const now = nextModified();
        const [created] = await tx.insert(killVolumeTargets)
          .values({ ...values, createdAt: now, lastModified: now }).returning();
        await recordAudit(tx, this.ctx, {
          entity: TARGET_ENTITY,
          entityId: created.id,
          action: "create",
          after: values,
        });
        return created;
      }
      const [updated] = await tx.update(killVolumeTargets)
        .set({ ...values, lastModified: nextModified(current.lastModified) })
        .where(eq(killVolumeTargets.id, current.id)).returning();
      await recordAudit(tx, this.ctx, {
        entity: TARGET_ENTITY,
        entityId: current.id,
        action: "update",
        ...changedValues(current, values),
      });
      return updated;
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "killVolumeTargetUpdated", {
      killVolumeTargetId: row.id,
    });
    return this.#toDto(row);
  }

  /**
   * Removes a target entered by mistake (the audit trail keeps its last values). To stop a target from a
   * date, give it an end date instead: the past then keeps its target.
   */
  async delete(body: DeleteKillVolumeTargetBody): Promise<{ killVolumeTargetId: number }> {
    await this.ctx.db.transaction(async (tx) => {
      const current = await this.#find(tx, body.killVolumeTargetId);
      assertUnchanged(current, body.lastModified, "kill volume target");
      await tx.delete(killVolumeTargets).where(eq(killVolumeTargets.id, current.id));
      const { id: _, createdAt: __, lastModified: ___, ...before } = current;
      await recordAudit(tx, this.ctx, {
        entity: TARGET_ENTITY,
        entityId: current.id,
        action: "delete",
        before,
      });
    });
    // the catalogue has one event for targets: clients re-read and find it gone
    await this.ctx.app.push.emit(this.ctx.tenantId, "killVolumeTargetUpdated", {
      killVolumeTargetId: body.killVolumeTargetId,
    });
    return { killVolumeTargetId: body.killVolumeTargetId };
  }

  // ---------- helpers ----------

  #speciesIds(): number[] {
    return this.ctx.caller.species.map((s) => s.id);
  }

  #checkSite(siteId: number) {
    if (!this.ctx.caller.sites.some((s) => s.id === siteId)) {
      throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites" }]);
    }
  }

  /** A target of one of the caller's species, or 404. */
  async #find(db: TenantTx | AreaContext["db"], id: number): Promise<TargetRow> {
    const [row] = await db.select().from(killVolumeTargets).where(eq(killVolumeTargets.id, id));
    if (!row || !this.#speciesIds().includes(row.speciesId)) {
      throw ApiError.notFound("That kill volume target does not exist.");
    }
    return row;
  }

  async #refuseOverlap(tx: TenantTx, candidate: Parameters<typeof findOverlap>[0]) {
    const sameScope = await tx.select().from(killVolumeTargets).where(and(
      eq(killVolumeTargets.speciesId, candidate.speciesId),
      candidate.tenantSiteId === null
        ? isNull(killVolumeTargets.tenantSiteId)
        : eq(killVolumeTargets.tenantSiteId, candidate.tenantSiteId),
      candidate.id ? ne(killVolumeTargets.id, candidate.id) : undefined,
    ));
    const clash = findOverlap(candidate, sameScope);
    if (!clash) return;
    const period = clash.endDate ? `${clash.startDate} to ${clash.endDate}` : `${clash.startDate} onwards`;
    throw ApiError.validation([{
      field: "startDate",
      message: `Overlaps target #${clash.id} (${period}, ${clash.weeklyTarget} head a week) for ${
        candidate.tenantSiteId === null ? "the whole plant" : this.#siteName(candidate.tenantSiteId)
      }: end that one first or choose other dates`,
    }]);
  }

  async #targetsBetween(speciesIds: number[], from: string, to: string): Promise<TargetRow[]> {
    return await this.ctx.db.select().from(killVolumeTargets).where(and(
      inArray(killVolumeTargets.speciesId, speciesIds),
      lte(killVolumeTargets.startDate, to),
      or(isNull(killVolumeTargets.endDate), gte(killVolumeTargets.endDate, from)),
    ));
  }

  /** Non-cancelled ordered head by kill day, species, site and status, summed in the database. */
  async #orderVolumes(speciesIds: number[], from: string, to: string, site: number | null) {
    const o = livestockOrders;
    const killDay: SQL<string> = sql`coalesce(${o.productionDate}, ${o.deliveryDate})`;
    const rows = await this.ctx.db.select({
      speciesId: o.speciesId,
      tenantSiteId: o.tenantSiteId,
      productionDate: o.productionDate,
      deliveryDate: o.deliveryDate,
      orderStatus: o.orderStatus,
      quantityOrdered: sum(o.quantityOrdered).mapWith(Number),
    }).from(o).where(and(
      inArray(o.speciesId, speciesIds),
      ne(o.orderStatus, ORDER_STATUS.Cancelled),
      gte(killDay, from),
      lte(killDay, to),
      site === null ? undefined : eq(o.tenantSiteId, site),
    )).groupBy(o.speciesId, o.tenantSiteId, o.productionDate, o.deliveryDate, o.orderStatus);
    return rows;
  }

  #siteName(siteId: number | null): string {
    if (siteId === null) return ALL_SITES;
    return this.ctx.caller.sites.find((s) => s.id === siteId)?.name ?? `Site ${siteId}`;
  }

  #toDto(r: TargetRow): KillVolumeTarget {
    return {
      id: r.id,
      speciesId: r.speciesId,
      species: this.ctx.caller.species.find((s) => s.id === r.speciesId)?.name ?? "",
      tenantSiteId: r.tenantSiteId,
      tenantSite: this.#siteName(r.tenantSiteId),
      daysOperatingPerWeek: r.daysOperatingPerWeek,
      weeklyTarget: r.weeklyTarget,
      dailyTarget: typicalDailyTarget(r),
      startDate: r.startDate,
      endDate: r.endDate,
      weekDaysSelected: r.weekDaysSelected,
      timing: targetTiming(r, this.ctx.today),
      createdAt: r.createdAt,
      lastModified: r.lastModified,
    };
  }
}
