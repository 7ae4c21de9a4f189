import type { Screen } from "../../screen.ts";
import { VolumeTargetNewScreen, VolumeTargetScreen, VolumeTargetsScreen } from "./VolumeTargets.tsx";

/** Settings › Livestock targets screens by route name (server/access/routes/settings.ts). */
// deno-lint-ignore no-explicit-any
export const VOLUME_TARGET_SCREENS: Record<string, Screen<any, any>> = {
  settingsVolumeTargets: VolumeTargetsScreen,
  settingsVolumeTargetNew: VolumeTargetNewScreen,
  settingsVolumeTarget: VolumeTargetScreen,
};
