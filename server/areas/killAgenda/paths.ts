/** The kill agenda's API paths and access rules: one spelling for the routes, the pages and the islands. */
import type { AccessRule } from "../../access/apiAccess.ts";

/** The paths pages and islands call: one spelling for the routes and the screens. */
export const KILL_AGENDA_API = {
  getKillAgenda: "/api/killagenda/GetKillAgenda",
  getSevenDayAgenda: "/api/killagenda/GetSevenDayAgenda",
  getUndeliveredOrders: "/api/killagenda/GetUndeliveredOrders",
  reorder: "/api/killagenda/Reorder",
  planReorder: "/api/killagenda/PlanReorder",
  swapDates: "/api/killagenda/SwapDates",
  scheduleMob: "/api/killagenda/ScheduleMob",
  addUnscheduledMob: "/api/killagenda/AddUnscheduledMob",
  setSiteLocation: "/api/killagenda/SetSiteLocation",
  setDeliveryDates: "/api/killagenda/SetDeliveryDates",
  markPrinted: "/api/killagenda/MarkPrinted",
  getIntegrations: "/api/KillAgendaManagement/GetIntegrations",
  sendToPlant: "/api/KillAgendaManagement/SendToPlant",
  sendToPlantCheck: "/api/KillAgendaManagement/SendToPlantCheck",
  recallMob: "/api/KillAgendaManagement/RecallMob",
  correctHead: "/api/KillAgendaManagement/CorrectHead",
} as const;

/** Who reads the agenda: whoever can open one of its screens or documents. */
export const AGENDA_READ: AccessRule = {
  pages: [
    "killagenda",
    "killagendaFocusDay",
    "stockyardKillagenda",
    "killagendareport",
    "killagendacontrolleddocument",
  ],
};
/** Who plans: whoever can open the agenda (user role, processor tenant: spec 1 §6). */
export const AGENDA_WRITE: AccessRule = {
  pages: ["killagenda", "killagendaFocusDay", "stockyardKillagenda"],
};

/** The documents as PDF (reportApi.ts). */
export const KILL_AGENDA_DOCUMENTS = {
  reportPdf: "/api/killagenda/KillAgendaReportPdf",
  controlledDocumentPdf: "/api/killagenda/KillAgendaControlledDocumentPdf",
} as const;
