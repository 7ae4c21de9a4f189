import { definePages } from "../../../pages/screen.ts";
import { SuperAppControlScreen } from "./pages/AppControl.tsx";
import { SuperProcessorConfigurationScreen } from "./pages/ProcessorConfiguration.tsx";
import { SuperFeatureFlagsScreen } from "./pages/FeatureFlags.tsx";

/** Super › app control: the maintenance message, feature flags, a processor's configuration. */
export const SUPER_CONTROL_PAGES = definePages({
  superAppControl: SuperAppControlScreen,
  superFeatureFlags: SuperFeatureFlagsScreen,
  superProcessorConfiguration: SuperProcessorConfigurationScreen,
});
