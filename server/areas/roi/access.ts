/**
 * Who may use the ROI reports (spec 3 §6): super users only. Favourites (which feed the flagged analysis
 * menu) take the same rule for now: the security walk found the flag rule refusing a super user it allows.
 */
import type { AccessRule } from "../../access/apiAccess.ts";

export const ROI_ACCESS: AccessRule = { role: "super" };
export const ROI_FAVOURITE_ACCESS: AccessRule = { role: "super" };
