import { definePages } from "../../../pages/screen.ts";
import { VolumeTargetNewScreen, VolumeTargetScreen, VolumeTargetsScreen } from "./pages/VolumeTargets.tsx";

/** Settings › Livestock targets screens by route name (server/access/routes/settings.ts). */
export const VOLUME_TARGET_PAGES = definePages({
  settingsVolumeTargets: VolumeTargetsScreen,
  settingsVolumeTargetNew: VolumeTargetNewScreen,
  settingsVolumeTarget: VolumeTargetScreen,
});
