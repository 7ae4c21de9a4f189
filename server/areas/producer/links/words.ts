/** What each scope of a link is called on screen. */
import type { LinkScope } from "../../../../db/control/producerLinks.ts";

export const SCOPE_WORDS: Record<LinkScope, string> = {
  orders: "orders",
  deliveries: "deliveries",
  feedback: "kill feedback",
  remittances: "remittances",
  grids: "price grids",
};
