import { definePages } from "../../../pages/screen.ts";
import { yieldTabScreen } from "./pages/YieldHome.tsx";
import {
  revenueTab,
  revenueVarianceTab,
  segmentsTab,
  segmentsTodayTab,
  volumeTab,
  YIELD_TABS,
  yieldTab,
  yieldVarianceTab,
} from "./pages/tabs.tsx";

/** The yield home (/yield shows segment variance) and its tabs by route name (server/access/routes/yield.ts). */
export const YIELD_HOME_PAGES = definePages({
  yield: yieldTabScreen({ ...segmentsTab, path: "/yield/segments" }, YIELD_TABS),
  yieldSegments: yieldTabScreen(segmentsTab, YIELD_TABS),
  yieldSegmentsToday: yieldTabScreen(segmentsTodayTab, YIELD_TABS),
  yieldYield: yieldTabScreen(yieldTab, YIELD_TABS),
  yieldVariance: yieldTabScreen(yieldVarianceTab, YIELD_TABS),
  yieldRevenue: yieldTabScreen(revenueTab, YIELD_TABS),
  yieldRevenueVariance: yieldTabScreen(revenueVarianceTab, YIELD_TABS),
  yieldVolume: yieldTabScreen(volumeTab, YIELD_TABS),
});
