import { definePages } from "../../../pages/screen.ts";
import { ScheduleBuilderScreen } from "./pages/ScheduleBuilderPage.tsx";
import {
  PredictedProductsFromCarcassScreen,
  PredictedProductsScreen,
} from "./pages/PredictedProductsPage.tsx";

/** The schedule builder and its predicted products (server/access/routes/production.ts). */
export const BUILDER_PAGES = definePages({
  schedulebuilder: ScheduleBuilderScreen,
  predictedproducts: PredictedProductsScreen,
  predictedproductsfromcarcass: PredictedProductsFromCarcassScreen,
});
