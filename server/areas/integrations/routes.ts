import { definePages } from "../../pages/screen.ts";
import { IntegrationsScreen } from "./pages/Integrations.tsx";

/** Settings › Plant Integrations by route name (server/access/routes/settings.ts). */
export const INTEGRATION_PAGES = definePages({ settingsIntegrations: IntegrationsScreen });
