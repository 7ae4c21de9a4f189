import type { AppServices } from "../../../../env.ts";
import { currentMaintenance } from "../operations/maintenance.ts";

/** The super user's maintenance message at the top of every signed-in page while it is on (App Control). */
export function MaintenanceBanner({ services }: { services: AppServices }) {
  const notice = currentMaintenance(services.db.control);
  if (!notice.isActive || !notice.message) return null;
  return <div className="banner banner-warning" role="status" data-maintenance>{notice.message}</div>;
}
