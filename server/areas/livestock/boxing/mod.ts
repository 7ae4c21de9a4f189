/**
 * Livestock › boxing: the area's record (server/areas/area.ts). It owns no table: the orders' boxing
 * fields are written through the orders area (setOrdersBoxing), and the invoices share a boxed lot's
 * carcasses by its rule (rules.ts).
 */
import { defineArea } from "../../area.ts";
import { boxingApi } from "./api.ts";
import { BOXING_PAGES } from "./routes.ts";

export const boxingArea = defineArea({
  name: "livestock boxing",
  api: [boxingApi],
  pages: BOXING_PAGES,
});
