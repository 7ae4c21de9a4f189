import { definePages } from "../../pages/screen.ts";
import { SkinGradeScreen } from "./pages/SkinGrade.tsx";
import { HideReportScreen } from "./pages/SkinReport.tsx";
import { SkinPricesScreen } from "./pages/SkinPrices.tsx";
import {
  CopySkinPriceScreen,
  NewHidePriceScreen,
  NewSkinPriceScreen,
  SkinPriceScreen,
} from "./pages/SkinPriceForm.tsx";

/** Skin Grade, the Hide Report and Settings › Skin/Hide Price by route name (server/access/routes/). */
export const SKIN_PAGES = definePages({
  skingrade: SkinGradeScreen,
  hidereporting: HideReportScreen,
  settingsSkinPrice: SkinPricesScreen,
  settingsSkinPriceEdit: SkinPriceScreen,
  settingsHidePrice: SkinPriceScreen,
  settingsNewSkinPrice: NewSkinPriceScreen,
  settingsNewHidePrice: NewHidePriceScreen,
  settingsCopySkinPrice: CopySkinPriceScreen,
});
