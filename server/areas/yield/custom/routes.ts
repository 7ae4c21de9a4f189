import { definePages } from "../../../pages/screen.ts";
import { YieldCustomScreen } from "./pages/CustomTabs.tsx";
import { YieldEditScreen } from "./pages/EditGraph.tsx";
import { YieldTableScreen } from "./pages/YieldTable.tsx";

/** Yield › custom metric tabs, the graph editor and the table (server/access/routes/yield.ts). */
export const YIELD_CUSTOM_PAGES = definePages({
  yieldCustom: YieldCustomScreen,
  yieldEdit: YieldEditScreen,
  yieldTable: YieldTableScreen,
});
