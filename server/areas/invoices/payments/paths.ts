/** Paying suppliers by bank file: the API's paths and the page's. */
const base = "/api/ReciprocalInvoices/Payments";
export const PAYMENTS_API = {
  toPay: `${base}/ToPay`,
  runs: `${base}/Runs`,
  createRun: `${base}/CreateRun`,
  cancelRun: `${base}/CancelRun`,
  runFile: `${base}/RunFile/{id}`,
  settings: `${base}/Settings`,
  saveSettings: `${base}/SaveSettings`,
} as const;

export const PAYMENTS_PAGE = "/home/invoicemanager/payments";
