import { definePages } from "../../../pages/screen.ts";
import { carcassTypesScreen, SPEC_SETTINGS_PATHS } from "./pages/CarcassTypes.tsx";
import { specTypesScreen } from "./pages/SpecTypes.tsx";
import { CarcassSpecListScreen, CutSpecSelectorScreen } from "./pages/CutSpecs.tsx";

/** Settings › Carcasses and Specifications screens (server/access/routes/settings.ts). */
export const SPECIFICATION_PAGES = definePages({
  settingsCarcasses: carcassTypesScreen(SPEC_SETTINGS_PATHS.carcasses),
  settingsSpecifications: specTypesScreen("/settings/specifications"),
  settingsProductSpecTypes: specTypesScreen(SPEC_SETTINGS_PATHS.specTypes),
  settingsCutSpecSelector: CutSpecSelectorScreen,
  settingsCarcassSpecList: CarcassSpecListScreen,
  settingsCarcassType: carcassTypesScreen(SPEC_SETTINGS_PATHS.carcassType),
});
