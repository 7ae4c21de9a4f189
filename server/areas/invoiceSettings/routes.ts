import { definePages } from "../../pages/screen.ts";
import { InvoiceSettingsScreen } from "./pages/InvoiceSettings.tsx";
import { LevyScreen, NewLevyScreen } from "./pages/LevyForm.tsx";
import { DefectScreen, NewDefectScreen } from "./pages/DefectForm.tsx";
import { CarcassDefectsScreen } from "./pages/CarcassDefects.tsx";

/** Settings › Invoicing and Settings › Carcass Defects by route name (server/access/routes/settings.ts). */
export const INVOICE_SETTINGS_PAGES = definePages({
  settingsInvoicing: InvoiceSettingsScreen,
  settingsNewLevy: NewLevyScreen,
  settingsLevy: LevyScreen,
  settingsNewDefectDetail: NewDefectScreen,
  settingsDefectDetail: DefectScreen,
  settingsCarcassDefects: CarcassDefectsScreen,
});
