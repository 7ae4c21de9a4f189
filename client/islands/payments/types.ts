/** What the Payments page hands its island (the answers of server/areas/invoices/payments). */
export interface InvoiceToPay {
  invoiceId: number;
  invoiceNumber: string;
  supplierName: string;
  dueDate: string | null;
  totalCents: number;
  status: string;
  bsb: string;
  accountNumber: string;
  accountName: string;
  cannotPayReason: string;
}

export interface PaymentRunRow {
  id: number;
  processingDate: string;
  totalCents: number;
  invoiceCount: number;
  status: "created" | "cancelled";
  createdAt: string;
  createdBy: string;
  cancelledBy: string | null;
  lastModified: string;
}

export interface PaymentPaths {
  toPay: string;
  runs: string;
  createRun: string;
  cancelRun: string;
  runFile: string;
}
