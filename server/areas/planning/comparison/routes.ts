import { definePages } from "../../../pages/screen.ts";
import { ProductComparisonScreen, ProductComparisonSummaryScreen } from "./pages/Comparison.tsx";
import { PlanAgainstActualScreen } from "./pages/PlanAgainstActual.tsx";

/** Production scheduling › Product comparison, its summary and plan against actual (server/access/routes/production.ts). */
export const COMPARISON_PAGES = definePages({
  productcomparison: ProductComparisonScreen,
  productcomparisonsummary: ProductComparisonSummaryScreen,
  planagainstactual: PlanAgainstActualScreen,
});
