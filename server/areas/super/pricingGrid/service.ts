/**
 * Price grid templates across organisations (super only): setting up a processor usually starts from a
 * grid another plant buys on (HSCW weight bands × fat scores). The source is read and the copy written by
 * the pricing area's own service working in each organisation, so the copy meets every rule a grid saved
 * there meets; the target's species and categories come from its own settings.
 */
import { asc } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import { href } from "../../../access/routes.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { PricingService } from "../../pricing/service.ts";
import type { PricingGridGroup } from "../../pricing/schemas.ts";
import { SettingsService } from "../../settings/service.ts";
import { recordSuperAudit } from "../audit.ts";
import { tenantContext } from "../tenantContext.ts";
import { mapToTarget, notUpcomingReason, upcomingPeriod } from "./rules.ts";
import { type CopyGridBody, type CopyPreview, SOURCE_GRID_LIMIT, type SourceGrid } from "./schemas.ts";

const groupOf = (g: PricingGridGroup) => ({
  id: g.id,
  name: g.name,
  startDate: g.startDate,
  endDate: g.endDate,
  references: g.pricingGrids.map((p) => p.reference),
});

export class SuperPricingGridService {
  constructor(private readonly ctx: AreaContext) {}

  /** Every organisation, processors first (the targets), by name. */
  async organisations() {
    const rows = await this.ctx.app.db.control.select({
      id: tenants.id,
      name: tenants.name,
      category: tenants.category,
    }).from(tenants).orderBy(asc(tenants.name));
    return rows.sort((a, b) => Number(a.category !== "processor") - Number(b.category !== "processor"));
  }

  /** An organisation's grids, newest period first (by species, group, priority); at most SOURCE_GRID_LIMIT. */
  async sourceGrids(tenantId: number, speciesId?: number): Promise<{ items: SourceGrid[]; total: number }> {
    const there = await tenantContext(this.ctx, tenantId);
    const groups = await new PricingService(there).groups(speciesId);
    const items = groups.flatMap((g) =>
      g.pricingGrids.map((p) => ({
        pricingGridId: p.id,
        reference: p.reference,
        speciesCategoryId: p.speciesCategoryId,
        speciesCategory: p.speciesCategory,
        bestPrice: p.bestPrice,
        pricingGridGroupId: g.id,
        groupName: g.name,
        speciesId: g.speciesId,
        species: g.species,
        startDate: g.startDate,
        endDate: g.endDate,
        isDefaultGroup: g.isDefaultGroup,
        isServiceKill: g.isServiceKill,
        bands: p.cells?.weightBands.length ?? 0,
        fatScores: p.cells?.fatScores.length ?? 0,
      }))
    );
    return { items: items.slice(0, SOURCE_GRID_LIMIT), total: items.length };
  }

  /** What a copy would create in the target, the species and category beside the target's, and why not. */
  async preview(q: { sourceTenantId: number; pricingGridId: number; targetTenantId: number }) {
    const source = await tenantContext(this.ctx, q.sourceTenantId);
    const target = await tenantContext(this.ctx, q.targetTenantId);
    const pricing = new PricingService(source);
    const grid = await pricing.grid(q.pricingGridId);
    const group = await pricing.group(grid.pricingGridGroupId);
    const stock = await new SettingsService(target).stockSettings();
    const mapped = mapToTarget(
      { speciesId: group.speciesId, speciesName: group.species, speciesCategoryId: grid.speciesCategoryId },
      {
        name: target.tenant.name,
        category: target.tenant.category,
        species: target.caller.species,
        speciesCategoryIds: stock.speciesCategoryIds,
      },
    );
    if (source.tenant.id === target.tenant.id) {
      mapped.problems.unshift(
        "Choose another organisation: within one, copy grids on its own price grid pages.",
      );
    }
    const upcoming = mapped.problems.length ? [] : (await new PricingService(target).groups(group.speciesId))
      .filter((g) => !notUpcomingReason(g, this.ctx.today) && !g.isDefaultGroup)
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
    const preview: CopyPreview = {
      source: {
        tenantId: source.tenant.id,
        tenantName: source.tenant.name,
        group: {
          ...groupOf(group),
          speciesId: group.speciesId,
          species: group.species,
          isServiceKill: group.isServiceKill,
        },
        grid,
      },
      target: {
        tenantId: target.tenant.id,
        tenantName: target.tenant.name,
        speciesCategoryId: mapped.speciesCategoryId,
        upcomingGroups: upcoming.map(groupOf),
      },
      mapping: mapped.mapping,
      problems: mapped.problems,
      suggested: { groupName: group.name, ...upcomingPeriod(group, this.ctx.today) },
    };
    return { preview, target };
  }

  /**
   * Copies the grid into the target as one not yet in use: into an upcoming group of the species there, or
   * a new group (never the default) whose period has not started. The cells and prices are the source's,
   * unchanged. Written by the target's PricingService (its checks, audit and push); a new group whose grid
   * is then refused is taken away again, so a refusal leaves nothing behind. Audited as a super action.
   */
  async copy(body: CopyGridBody) {
    const { preview, target } = await this.preview(body);
    if (preview.problems.length) {
      throw ApiError.validation(
        preview.problems.map((message) => ({ field: "targetTenantId", message })),
        preview.problems[0],
      );
    }
    const source = preview.source;
    const pricing = new PricingService(target);
    let group: { id: number; name: string; lastModified?: string };
    let createdGroup = false;
    if (body.pricingGridGroupId) {
      const chosen = preview.target.upcomingGroups.find((g) => g.id === body.pricingGridGroupId);
      if (!chosen) {
        throw ApiError.validation([{
          field: "pricingGridGroupId",
          message:
            `Choose a ${source.group.species} group of ${target.tenant.name} that has not started yet.`,
        }]);
      }
      if (chosen.references.some((r) => r.toLowerCase() === body.reference.toLowerCase())) {
        throw ApiError.validation([{
          field: "reference",
          message:
            `${chosen.name} already has a grid called ${body.reference}: give this one another reference.`,
        }]);
      }
      group = chosen;
    } else {
      group = await this.#newGroup(pricing, body, source.group);
      createdGroup = true;
    }
    let saved;
    try {
      saved = await pricing.upsertGrid({
        id: null,
        pricingGridGroupId: group.id,
        speciesCategoryId: preview.target.speciesCategoryId!,
        reference: body.reference,
        priority: null,
        bestPrice: source.grid.bestPrice,
        cells: source.grid.cells,
        lastModified: null,
      });
    } catch (error) {
      if (createdGroup) {
        await pricing.deleteGroup({ pricingGridGroupId: group.id, lastModified: group.lastModified });
      }
      throw error;
    }
    await recordSuperAudit(this.ctx.app.db.control, this.ctx.caller, {
      tenantId: target.tenant.id,
      action: "CopyPricingGrid",
      detail: {
        fromTenantId: source.tenantId,
        fromTenant: source.tenantName,
        fromGridId: source.grid.id,
        reference: saved.reference,
        pricingGridGroupId: group.id,
        pricingGridId: saved.id,
        createdGroup,
      },
    });
    return {
      targetTenantId: target.tenant.id,
      targetTenantName: target.tenant.name,
      pricingGridGroupId: group.id,
      groupName: group.name,
      createdGroup,
      pricingGridId: saved.id,
      reference: saved.reference,
      cells: saved.cells,
      gridPath: href("settingsPricingGrid", { id: saved.id }),
    };
  }

  /** A grid of an organisation with its group (where a copy landed); null when it is not there. */
  async gridIn(tenantId: number, gridId: number) {
    const pricing = new PricingService(await tenantContext(this.ctx, tenantId));
    try {
      const grid = await pricing.grid(gridId);
      const group = await pricing.group(grid.pricingGridGroupId);
      return {
        id: grid.id,
        reference: grid.reference,
        groupName: group.name,
        startDate: group.startDate,
        endDate: group.endDate,
        path: href("settingsPricingGrid", { id: grid.id }),
      };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** The copy's own new group: named and dated by the super user, not yet started, never the default. */
  async #newGroup(
    pricing: PricingService,
    body: CopyGridBody,
    source: { name: string; speciesId: number; isServiceKill: boolean },
  ) {
    const errors: { field: string; message: string }[] = [];
    if (!body.groupName) errors.push({ field: "groupName", message: "Enter the new group's name" });
    if (!body.startDate) errors.push({ field: "startDate", message: "Enter the date its prices start" });
    const late = body.startDate ? notUpcomingReason({ startDate: body.startDate }, this.ctx.today) : null;
    if (late) errors.push({ field: "startDate", message: late });
    if (errors.length) throw ApiError.validation(errors);
    const made = await pricing.upsertGroup({
      id: null,
      name: body.groupName!,
      speciesId: source.speciesId,
      startDate: body.startDate!,
      endDate: body.endDate,
      isServiceKill: source.isServiceKill,
      isDefaultGroup: false,
      lastModified: null,
    });
    return { id: made.id, name: made.name, lastModified: made.lastModified };
  }
}
