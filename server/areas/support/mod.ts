/** Support: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { supportApi } from "./api.ts";
import { SUPPORT_PAGES } from "./routes.ts";
import { supportChatArea } from "./chat/mod.ts";

export const supportArea = defineArea({
  name: "support",
  api: [supportApi],
  pages: SUPPORT_PAGES,
  parts: [supportChatArea],
});
