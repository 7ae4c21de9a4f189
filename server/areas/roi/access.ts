/** Who may use the ROI reports (spec 3 §6): super users only; favourites feed the flagged analysis menu. */
import type { AccessRule } from "../../access/apiAccess.ts";

export const ROI_ACCESS: AccessRule = { role: "super" };
export const ROI_FAVOURITE_ACCESS: AccessRule = { role: "super", featureFlag: "roiAnalysisMenu" };
