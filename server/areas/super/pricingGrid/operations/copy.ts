/** A grid copied into another organisation as one not yet in use (super only). */
import { href } from "../../../../access/routes.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { upsertGrid } from "../../../pricing/operations/grids.ts";
import { deleteGroup, upsertGroup } from "../../../pricing/operations/groups.ts";
import type { TenantContext } from "../../tenantContext.ts";
import { recordSuperAction } from "../../writes.ts";
import { notUpcomingReason } from "../rules.ts";
import type { CopyGridBody } from "../schemas.ts";
import { previewCopy } from "./preview.ts";

/**
 * Copies the grid into the target as one not yet in use: into an upcoming group of the species there, or
 * a new group (never the default) whose period has not started. The cells and prices are the source's,
 * unchanged. Written by the pricing area's own functions in the target (its checks, audit and push); a new group whose grid
 * is then refused is taken away again, so a refusal leaves nothing behind. Audited as a super action.
 */
export async function copyGrid(ctx: AreaContext, body: CopyGridBody) {
  const { preview, target } = await previewCopy(ctx, body);
  if (preview.problems.length) {
    throw ApiError.validation(
      preview.problems.map((message) => ({ field: "targetTenantId", message })),
      preview.problems[0],
    );
  }
  const source = preview.source;
  let group: { id: number; name: string; lastModified?: string };
  let createdGroup = false;
  if (body.pricingGridGroupId) {
    const chosen = preview.target.upcomingGroups.find((g) => g.id === body.pricingGridGroupId);
    if (!chosen) {
      throw ApiError.validation([{
        field: "pricingGridGroupId",
        message: `Choose a ${source.group.species} group of ${target.tenant.name} that has not started yet.`,
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
    group = await newGroup(ctx, target, body, source.group);
    createdGroup = true;
  }
  let saved;
  try {
    saved = await upsertGrid(target, {
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
      await deleteGroup(target, { pricingGridGroupId: group.id, lastModified: group.lastModified });
    }
    throw error;
  }
  await recordSuperAction(ctx, {
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

/** The copy's own new group: named and dated by the super user, not yet started, never the default. */
async function newGroup(
  ctx: AreaContext,
  target: TenantContext,
  body: CopyGridBody,
  source: { name: string; speciesId: number; isServiceKill: boolean },
) {
  const errors: { field: string; message: string }[] = [];
  if (!body.groupName) errors.push({ field: "groupName", message: "Enter the new group's name" });
  if (!body.startDate) errors.push({ field: "startDate", message: "Enter the date its prices start" });
  const late = body.startDate ? notUpcomingReason({ startDate: body.startDate }, ctx.today) : null;
  if (late) errors.push({ field: "startDate", message: late });
  if (errors.length) throw ApiError.validation(errors);
  const made = await upsertGroup(target, {
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
