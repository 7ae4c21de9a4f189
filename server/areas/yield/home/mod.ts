/**
 * The yield home (issue 38 item 2, spec 3 §2.1): Plant Analysis at /yield and its tabs (segment variance,
 * segments today, yield, yield variance, revenue, revenue variance, volume), and the API behind them
 * (spec 3 §7 yield segment, variance and carcass data, presentations, real-time yields, tenant allowed
 * species, a day's detail). A sub-area of yield.
 */
import { defineArea } from "../../area.ts";
import { yieldHomeApi } from "./api.ts";
import { YIELD_HOME_PAGES } from "./routes.ts";

export const yieldHomeArea = defineArea({
  name: "yield › home",
  api: [yieldHomeApi],
  pages: YIELD_HOME_PAGES,
});
