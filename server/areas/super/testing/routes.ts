import { definePages } from "../../../pages/screen.ts";
import { SuperTestingScreen } from "./pages/Testing.tsx";
import { SuperApiTestingScreen } from "./pages/ApiTesting.tsx";
import { TestingHomeScreen } from "./pages/TestingHome.tsx";

/** The testing home (home/test; /super/testing adds connection checks and test sends), and the API reference's super calls. */
export const SUPER_TESTING_PAGES = definePages({
  superTesting: SuperTestingScreen,
  superApiTesting: SuperApiTestingScreen,
  test: TestingHomeScreen,
});
