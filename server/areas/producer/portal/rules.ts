/** Pure rules of the portal's screens (issue 44 §3): a delivery's progress in words, species names. */
import { ORDER_STATUS } from "../../../../kernel/enums.ts";

/** Where a delivered load's order is in the plant, as a farmer reads it. */
export function deliveryProgress(orderStatus: number): string {
  if (orderStatus === ORDER_STATUS.Cancelled) return "Cancelled";
  if (orderStatus >= ORDER_STATUS.Processed) return "Processed";
  if (orderStatus >= ORDER_STATUS.InProcessing) return "On the kill floor";
  if (orderStatus >= ORDER_STATUS.Unloaded) return "In yard";
  return "Delivered";
}

/** The processors' species ids are the platform's (server/demo.ts). */
const SPECIES_NAMES: Record<number, string> = { 1: "Sheep", 2: "Beef", 3: "Pig", 4: "Goat", 5: "Deer" };

export function speciesWord(speciesId: number): string {
  return SPECIES_NAMES[speciesId] ?? `Species ${speciesId}`;
}

/** Rows per page of the portal's lists. */
export const PORTAL_PAGE_SIZE = 25;
