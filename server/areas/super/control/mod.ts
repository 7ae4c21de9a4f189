/** Super › app control: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_CONTROL_PAGES } from "./routes.ts";
import { superControlApi } from "./api.ts";
import { MaintenanceBanner } from "./pages/MaintenanceBanner.tsx";
import { currentMaintenance } from "./operations/maintenance.ts";

export const superControlArea = defineArea({
  name: "super › app control",
  api: [superControlApi],
  pages: SUPER_CONTROL_PAGES,
  // the maintenance message over every signed-in page
  shell: {
    banner: MaintenanceBanner,
    // a kept page is answered again only while the message is the same
    bannerKey: ({ db }) => {
      const notice = currentMaintenance(db.control);
      return notice.isActive ? notice.message : "";
    },
  },
});
