/**
 * The kill floor API's paths: one spelling for the routes, the screens and the islands (islands may import
 * this module: it is plain data).
 */
export const KILL_FLOOR_API = {
  /** integration: a batch of carcass records (JSON) */
  postCarcasses: "/api/killfloor/PostCarcasses",
  /** integration: the interchange client's heartbeat */
  heartbeat: "/api/killfloor/Heartbeat",
  /** integration: the day's agenda as the plant reads it */
  plantAgenda: "/api/killfloor/GetPlantAgenda",
  /** integration: an error the plant's systems report */
  reportError: "/api/killfloor/ReportIntegrationError",
  interchangeClients: "/api/killfloor/GetInterchangeClients",
  pingInterchange: "/api/killfloor/PingInterchange",
  resetDataFlow: "/api/killfloor/ResetDataFlow",
  integrationErrors: "/api/killfloor/GetIntegrationErrors",
  acknowledgeErrors: "/api/killfloor/AcknowledgeIntegrationErrors",
  /** a person's CSV or JSON file (multipart: file, mapping); streams progress as NDJSON when asked */
  uploadCarcassFile: "/api/killfloor/UploadCarcassFile",
  carcassTemplate: "/api/killfloor/GetCarcassTemplate",
  imports: "/api/killfloor/GetCarcassImports",
  day: "/api/killfloor/GetKillFloorDay",
  carcasses: "/api/killfloor/GetCarcasses",
  correctCarcass: "/api/killfloor/CorrectCarcass",
  simulateKill: "/api/killfloor/SimulateKill",
  nlisFile: "/api/killfloor/GetNlisKillFile",
  msaFile: "/api/killfloor/GetMsaGradingFile",
  feedbackFile: "/api/killfloor/GetSupplierFeedbackFile",
} as const;

/** The media type of the upload's progress stream: one JSON object a line. */
export const NDJSON = "application/x-ndjson";

/** One line of the upload's progress stream. */
export type UploadEvent =
  | { type: "progress"; stage: "reading" | "checking" | "saving"; done: number; total: number }
  | {
    type: "result";
    importId: number;
    rows: number;
    added: number;
    replaced: number;
    productionDates: string[];
    /** orders whose carcass data became complete with this file */
    completedOrderIds: number[];
  }
  | {
    type: "error";
    status: number;
    title: string;
    message: string;
    isValidation: boolean;
    /** a rejected file's rows (row 1 = the first data row) */
    errors: { row: number; field: string; message: string }[];
    /** rows with errors in all (more than listed) */
    errorRows: number;
  };
