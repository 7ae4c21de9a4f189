import { definePages } from "../../pages/screen.ts";
import { NotificationsScreen } from "./pages/Notifications.tsx";

/** home/notifications (server/access/routes/home.ts). */
export const NOTIFICATION_PAGES = definePages({ notifications: NotificationsScreen });
