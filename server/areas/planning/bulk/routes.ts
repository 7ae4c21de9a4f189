import { definePages } from "../../../pages/screen.ts";
import { BulkOperationsScreen } from "./pages/BulkOperations.tsx";

/** Production scheduling › Bulk Operations (server/access/routes/production.ts). */
export const BULK_PAGES = definePages({ bulkoperations: BulkOperationsScreen });
