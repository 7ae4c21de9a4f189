/**
 * What other areas use of pricing (the super user's copy of grids between tenants): the reads of
 * queries.ts and the operations, each over the area context it is given. The class below only keeps the
 * super area's earlier calls working while it moves to these functions: delete it once nothing imports it.
 */
import type { AreaContext } from "../context.ts";
import { getGrid, getGroup, listGroups } from "./queries.ts";
import { copyGroup, deleteGroup, upsertGroup } from "./operations/groups.ts";
import { copyGrid, deleteGrid, reorderGrids, upsertGrid } from "./operations/grids.ts";

export {
  copyGrid,
  copyGroup,
  deleteGrid,
  deleteGroup,
  getGrid,
  getGroup,
  listGroups,
  reorderGrids,
  upsertGrid,
  upsertGroup,
};

type Body<F extends (ctx: AreaContext, body: never) => unknown> = Parameters<F>[1];

/** @deprecated call the functions above with the context */
export class PricingService {
  constructor(private readonly ctx: AreaContext) {}
  groups = (speciesId?: number) => listGroups(this.ctx, speciesId);
  group = (id: number) => getGroup(this.ctx, id);
  grid = (id: number) => getGrid(this.ctx, id);
  upsertGroup = (body: Body<typeof upsertGroup>) => upsertGroup(this.ctx, body);
  deleteGroup = (body: Body<typeof deleteGroup>) => deleteGroup(this.ctx, body);
  upsertGrid = (body: Body<typeof upsertGrid>) => upsertGrid(this.ctx, body);
}
