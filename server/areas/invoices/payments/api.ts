/**
 * api/ReciprocalInvoices/Payments/…: paying suppliers by bank file. Whoever can open the invoice manager's
 * Payments page may call them; invoices of species outside their invoicing setting answer 403.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { PAYMENTS_API as P } from "./paths.ts";
import { listRuns, toPay } from "./queries.ts";
import { cancelRun, createRun, readSettings, runFile, saveSettings } from "./operations.ts";
import {
  CancelRunBody,
  CreateRunBody,
  PaymentFileSettings,
  PaymentFileSettingsAnswer,
  PaymentRun,
  RunIdParam,
  ToPayAnswer,
  ToPayQuery,
} from "./schemas.ts";

const PAYMENTS: AccessRule = { pages: ["invoicePayments"] };
const api = areaApi(["Supplier payments"]);

api.get(
  P.toPay,
  "Published and finalised invoices due by a day (default 7 days ahead) not yet in a payment file, with the supplier's bank details or why the file cannot pay them",
  { query: ToPayQuery },
  ToPayAnswer,
  PAYMENTS,
  (ctx, q) => toPay(ctx, q),
);

api.get(P.runs, "The latest payment files, newest first", {}, z.array(PaymentRun), PAYMENTS, listRuns);

api.post(
  P.createRun,
  "Make a payment file (ABA) of the ticked invoices; 409 in words when one cannot be paid or is already in a file",
  CreateRunBody,
  PaymentRun,
  PAYMENTS,
  createRun,
);

api.post(
  P.cancelRun,
  "Cancel a payment file that was not sent to the bank: its invoices can be paid again",
  CancelRunBody,
  PaymentRun,
  PAYMENTS,
  cancelRun,
);

api.file(
  P.runFile,
  "A payment file as the bank takes it (ABA, 120-character records)",
  { params: RunIdParam },
  "aba",
  PAYMENTS,
  (ctx, { id }) => runFile(ctx, id),
);

api.get(
  P.settings,
  "The payment file settings and the plant's own account",
  {},
  PaymentFileSettingsAnswer,
  PAYMENTS,
  readSettings,
);

api.post(
  P.saveSettings,
  "Save the payment file settings (APCA user id, bank, name on the file, description, balancing line)",
  PaymentFileSettings,
  PaymentFileSettingsAnswer,
  PAYMENTS,
  saveSettings,
);

export const invoicePaymentsApi = api.router();
