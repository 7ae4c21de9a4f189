import { definePages } from "../../../pages/screen.ts";
import { SuperSupportScreen } from "./pages/SuperSupport.tsx";

/** Super › support desk. */
export const SUPER_SUPPORT_PAGES = definePages({
  superSupport: SuperSupportScreen,
});
