import { definePages } from "../../../pages/screen.ts";
import { CutHierarchyOverridesScreen } from "./pages/CutHierarchyOverrides.tsx";
import { ProductCodesScreen } from "./pages/ProductCodes.tsx";
import { YieldSettingsScreen } from "./pages/YieldSettings.tsx";

/** Settings › Yield, Product codes and Cut hierarchy overrides by route name (server/access/routes/settings.ts). */
export const YIELD_SETTINGS_PAGES = definePages({
  settingsYield: YieldSettingsScreen,
  settingsProductCodes: ProductCodesScreen,
  settingsCutHierarchyOverrides: CutHierarchyOverridesScreen,
});
