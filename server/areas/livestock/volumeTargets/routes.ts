import { definePages } from "../../../pages/screen.ts";
import { VOLUME_TARGET_SCREENS } from "../../../pages/screens/volumeTargets/mod.ts";

/** Livestock target settings screens (server/access/routes/settings.ts). */
export const VOLUME_TARGET_PAGES = definePages(VOLUME_TARGET_SCREENS);
