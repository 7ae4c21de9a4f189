import { definePages } from "../../../pages/screen.ts";
import { PaymentsScreen } from "./pages/Payments.tsx";

/** The Payments page by route name (server/access/routes/home.ts). */
export const INVOICE_PAYMENT_PAGES = definePages({ invoicePayments: PaymentsScreen });
