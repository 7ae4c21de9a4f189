import { definePages } from "../../../pages/screen.ts";
import { SuperTestingScreen } from "./pages/Testing.tsx";
import { SuperApiTestingScreen } from "./pages/ApiTesting.tsx";

/** Super › testing: connection checks and test sends, and the API reference's super calls. */
export const SUPER_TESTING_PAGES = definePages({
  superTesting: SuperTestingScreen,
  superApiTesting: SuperApiTestingScreen,
});
