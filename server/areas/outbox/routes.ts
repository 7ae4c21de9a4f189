import { definePages } from "../../pages/screen.ts";
import { OutboxScreen } from "./pages/Outbox.tsx";

/** The super user's outbox of mails and texts kept when none can be sent (server/access/routes/super.ts). */
export const OUTBOX_PAGES = definePages({ superOutbox: OutboxScreen });
