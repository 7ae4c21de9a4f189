/**
 * The orders service, split by job: reads in queries.ts (OrderQueries; pages use it, they never write),
 * writes in commands.ts (OrderService extends the reads: the API's service). Deliveries and head-count
 * corrections are deliveries.ts.
 */
export { OrderService } from "./commands.ts";
export { OrderQueries } from "./queries.ts";
export { DeliveryService } from "./deliveries.ts";
export { GROUP_ENTITY, ORDER_ENTITY } from "./history.ts";
