/**
 * What other areas read of the orders (reads are queries.ts; their writes inside another area's unit of
 * work are writes.ts). The two shims below only keep the stockyard's and the kill agenda's earlier calls
 * working while those areas move to the functions: delete them once nothing imports them.
 */
import type { AreaContext } from "../../context.ts";
import { correctHead } from "./operations/headCounts.ts";
import { orderDetail } from "./queries.ts";

export { GROUP_ENTITY, ORDER_ENTITY } from "./history.ts";

/** @deprecated call `orderDetail(ctx, id)` (queries.ts) */
export class OrderQueries {
  constructor(private readonly ctx: AreaContext) {}
  order(id: number) {
    return orderDetail(this.ctx, id);
  }
}

/** @deprecated inside a unit of work call `correctDeliveredHead(unit, input)` (writes.ts) */
export class DeliveryService {
  constructor(private readonly ctx: AreaContext) {}
  correctHead(input: { stockMobId: number; correctedHead: number; reason: string }) {
    return correctHead(this.ctx, input);
  }
}
