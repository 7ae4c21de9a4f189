/** The display carousel's API (api/display/) and screens. */
const base = "/api/display";
export const DISPLAY_API = {
  users: `${base}/GetDisplayUsers`,
  settings: `${base}/GetDisplaySettings`,
  save: `${base}/SaveDisplaySettings`,
  rotation: `${base}/GetRotation`,
} as const;

export const DISPLAY_PATHS = { home: "/display", configure: "/display/configure" };
