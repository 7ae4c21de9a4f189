import { definePages } from "../../../pages/screen.ts";
import { ProductComparisonScreen, ProductComparisonSummaryScreen } from "./pages/Comparison.tsx";

/** Production scheduling › Product comparison and its summary (server/access/routes/production.ts). */
export const COMPARISON_PAGES = definePages({
  productcomparison: ProductComparisonScreen,
  productcomparisonsummary: ProductComparisonSummaryScreen,
});
