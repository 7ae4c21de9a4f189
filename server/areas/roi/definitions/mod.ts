/** ROI › definitions: the report list and wizard, templates, data sources and reference data. */
import { defineArea } from "../../area.ts";
import { definePages } from "../../../pages/screen.ts";
import { roiDefinitionsApi } from "./api.ts";
import { roiSourcesApi } from "../sources/api.ts";
import { ROI_REFERENCE_API, roiReferenceApi } from "../reference/api.ts";
import { REFERENCE_MAX_BYTES } from "../reference/operations.ts";
import { RoiWizardEditScreen, RoiWizardListScreen } from "./pages/RoiWizard.tsx";

export const roiDefinitionsArea = defineArea({
  name: "roi › definitions",
  api: [roiDefinitionsApi, roiSourcesApi, roiReferenceApi],
  pages: definePages({ RoiWizard: RoiWizardListScreen, RoiWizardEdit: RoiWizardEditScreen }),
  bodyLimits: { [ROI_REFERENCE_API.create]: REFERENCE_MAX_BYTES + 64 * 1024 },
});
