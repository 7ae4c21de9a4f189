/**
 * What the order lists filter by, shared by the reads (queries.ts) and the group list (groupList.ts):
 * their own file, so neither imports the other.
 */
import { eq, isNull, or } from "drizzle-orm";
import { livestockOrders } from "../../../../db/tenant/schema.ts";

export interface OrderScope {
  speciesId?: number | null;
  siteId?: number | null;
}

/** An order with no site may be delivered to any site, so it shows at every one. */
export const atSite = (siteId: number) =>
  or(isNull(livestockOrders.tenantSiteId), eq(livestockOrders.tenantSiteId, siteId));

/** A slice of a list (PageQuery's offset and limit). */
export interface Page {
  offset: number;
  /** -1: no limit */
  limit: number;
}
