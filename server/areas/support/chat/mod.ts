/** Support › chat: the sub-area's record (server/areas/area.ts). The staff's side is super/support. */
import { defineArea } from "../../area.ts";
import { chatApi } from "./api.ts";
import { CHAT_EVENTS } from "./events.ts";
import { seedChat } from "./seed.ts";

export const supportChatArea = defineArea({
  name: "support › chat",
  api: [chatApi],
  events: CHAT_EVENTS,
  seed: seedChat,
});
