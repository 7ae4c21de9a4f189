/**
 * What other areas use of the parties: the reads (queries.ts) and the row mapping the super user's
 * initial load shares (mapping.ts). The class below only keeps the settings' location page working while
 * it moves to `listSuppliers(ctx, q)`: delete it once nothing imports it.
 */
import type { AreaContext } from "../../context.ts";
import { listSuppliers } from "./queries.ts";

export { LIST_LIMIT, listSuppliers } from "./queries.ts";
export { partyRow, toStakeholder, toSupplier } from "./mapping.ts";

/** @deprecated call `listSuppliers(ctx, q)` */
export class PartyService {
  constructor(private readonly ctx: AreaContext) {}
  listSuppliers(q?: string) {
    return listSuppliers(this.ctx, q);
  }
}
