/**
 * Pricing grid groups and grids (spec 2 §3, §7.3): the periods of prices a processor buys livestock
 * at, per species, and within each the grids that price species categories, tried in priority order.
 *
 * Reading needs the buy settings, buy or livestock module (order forms read groups); changing needs
 * buy settings. Both need role user or above, and only the caller's species are visible. Each write is
 * one transaction with its audit record, answered 409 when the client's copy is stale, and announced
 * on the push hub (PricingGrids interest) after it commits.
 *
 * Split by job: reads in queries.ts, writes in commands.ts (their refusals in checks.ts), what both
 * share in records.ts. This class is the one shape api.ts and the pages use, made with the area context.
 */
import { PricingCommands } from "./commands.ts";

/** Access is checked by the route rules (api.ts, the page routes) before a service is made. */
export class PricingService extends PricingCommands {}
