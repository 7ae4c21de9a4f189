/** Display: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { TvDocument } from "../../../display/TvDocument.tsx";
import { displayApi } from "./api.ts";
import { DISPLAY_PAGES } from "./routes.ts";

export const displayArea = defineArea({
  name: "display",
  api: [displayApi],
  pages: DISPLAY_PAGES,
  // the floor TVs' routes render in the carousel's own document
  shell: { tvDocument: TvDocument },
});
