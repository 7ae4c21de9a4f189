import { definePages } from "../../pages/screen.ts";
import { InvoiceManagerScreen } from "./pages/InvoiceManager.tsx";
import { InvoiceEditScreen } from "./pages/InvoiceEdit.tsx";

/** The invoice manager and editor by route name (server/access/routes/home.ts). */
export const INVOICE_PAGES = definePages({
  invoicemanager: InvoiceManagerScreen,
  invoiceEdit: InvoiceEditScreen,
});
