import { definePages } from "../../pages/screen.ts";
import { SuperHomeScreen } from "./pages/SuperHome.tsx";
import { SuperTenantNewScreen } from "./pages/TenantForm.tsx";
import { SuperTenantScreen } from "./pages/Tenant.tsx";
import { SuperTenantUserScreen } from "./pages/TenantUser.tsx";
import { SuperFeatureFlagsScreen } from "./pages/FeatureFlags.tsx";
import { SuperCrossTenantUsersScreen } from "./pages/CrossTenantUsers.tsx";
import { SuperAppControlScreen } from "./pages/AppControl.tsx";
import { SuperProcessorConfigurationScreen } from "./pages/ProcessorConfiguration.tsx";
import { SuperDataDownloadScreen } from "./pages/TenantData.tsx";
import { SuperApiTestingScreen } from "./pages/ApiTesting.tsx";
import { SuperInitialDataLoadScreen } from "./pages/InitialDataLoad.tsx";
import { SuperSupportScreen } from "./pages/SuperSupport.tsx";
import { SuperPricingGridScreen } from "./pages/SuperPricingGrid.tsx";
import { SuperTestingScreen } from "./pages/Testing.tsx";

/**
 * The super user's screens (server/access/routes/super.ts). superFileUpload is the kill floor's carcass
 * upload (server/areas/killFloor/routes.ts); the generic rows upload is on the data download screen.
 */
export const SUPER_PAGES = definePages({
  superHome: SuperHomeScreen,
  superTenantNew: SuperTenantNewScreen,
  superTenant: SuperTenantScreen,
  superTenantUser: SuperTenantUserScreen,
  superFeatureFlags: SuperFeatureFlagsScreen,
  superCrossTenantUsers: SuperCrossTenantUsersScreen,
  superAppControl: SuperAppControlScreen,
  superProcessorConfiguration: SuperProcessorConfigurationScreen,
  superDataDownload: SuperDataDownloadScreen,
  superApiTesting: SuperApiTestingScreen,
  superInitialDataLoad: SuperInitialDataLoadScreen,
  superSupport: SuperSupportScreen,
  superPricingGrid: SuperPricingGridScreen,
  superTesting: SuperTestingScreen,
});
