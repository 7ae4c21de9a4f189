import { definePages } from "../../../pages/screen.ts";
import { SuperInitialDataLoadScreen } from "./pages/InitialDataLoad.tsx";

/** Super › initial data load. */
export const SUPER_INITIAL_LOAD_PAGES = definePages({
  superInitialDataLoad: SuperInitialDataLoadScreen,
});
