/**
 * The orders area's writes that other areas call (it owns livestockOrders, livestockOrderGroups and
 * deliveryLoads): each takes the caller's `unit` first, so it joins their transaction, and announces
 * `deliveryStatusUpdated` through `unit.announce`. Shared file: append, never rewrite or reorder.
 */
