import { definePages } from "../../../pages/screen.ts";
import { RfidDiscrepanciesScreen } from "./pages/RfidDiscrepancies.tsx";

/** The race readings' screens by route name (server/access/routes/livestock.ts). */
export const RFID_PAGES = definePages({
  rfidDiscrepancies: RfidDiscrepanciesScreen,
});
