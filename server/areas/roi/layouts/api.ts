/** The ROI layout designer's calls (issue 42 item 4), under api/report/ with the other ROI calls. */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { deleteLayout, getLayouts, saveLayout } from "./operations.ts";
import {
  DeleteRoiLayoutBody,
  IdParam,
  RoiLayoutAnswer,
  RoiLayoutsAnswer,
  SaveRoiLayoutBody,
} from "./schemas.ts";

/** The paths the designer calls: one spelling for the routes and the page. */
export const ROI_LAYOUT_API = {
  getRoiLayouts: "/api/report/GetRoiLayouts/{id}",
  saveRoiLayout: "/api/report/SaveRoiLayout",
  deleteRoiLayout: "/api/report/DeleteRoiLayout",
} as const;

const DESIGNER: AccessRule = { pages: ["RoiLayoutEditor"] };

const api = areaApi(["ROI reports: layouts"]);

api.get(
  ROI_LAYOUT_API.getRoiLayouts,
  "A report's lines (credit and debit) and its named layouts, 'default layout' first (the starting layout, " +
    "id 0, when none is saved)",
  { params: IdParam },
  RoiLayoutsAnswer,
  DESIGNER,
  (ctx, { id }) => getLayouts(ctx, id),
);

api.post(
  ROI_LAYOUT_API.saveRoiLayout,
  "Save a layout (no id: a new one). Every line sits on its own side, once, and holds nothing; sections " +
    "nest at most 8 deep (400 otherwise). 409 when it was saved by someone else since lastModified. Sets " +
    "the report's isLayoutSaved.",
  SaveRoiLayoutBody,
  RoiLayoutAnswer,
  DESIGNER,
  saveLayout,
);

api.post(
  ROI_LAYOUT_API.deleteRoiLayout,
  "Delete a named layout (a report keeps at least one)",
  DeleteRoiLayoutBody,
  z.object({ id: z.number() }),
  DESIGNER,
  deleteLayout,
);

export const roiLayoutsApi = api.router();
