/**
 * What support chat publishes on the push hub. A stream's starter hears of it in `SupportChat:<userId>`,
 * a group only that user may join (RefreshGroupSpec.only "self"); the support staff in `SupportDesk`,
 * super users only, in whatever tenant they are signed in to (sent with no tenant). Payloads carry ids,
 * and the typer's name (a typing signal is never stored, so there is nothing to re-read); messages are
 * read through the API, where access is checked again.
 */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../../push/catalogue.ts";

const message = { streamId: payloadParts.id, messageId: payloadParts.id };
const typing = { streamId: payloadParts.id, userId: payloadParts.id, name: z.string().max(200) };

export const CHAT_EVENTS = areaEvents({
  SupportChat: {
    module: null,
    only: "self",
    about: "a user's support chats (qualified by their own user id)",
  },
  SupportDesk: { module: null, only: "super", about: "every tenant's support chats, for the support staff" },
}, {
  supportChatMessage: pushEvent(
    "SupportChat",
    z.object(message),
    "a message came in one of the user's chats",
  ),
  supportChatTyping: pushEvent(
    "SupportChat",
    z.object(typing),
    "someone is typing in one of the user's chats",
  ),
  supportChatRead: pushEvent(
    "SupportChat",
    z.object({ streamId: payloadParts.id }),
    "the user read one of their chats (another of their pages updates its unread badge)",
  ),
  supportDeskMessage: pushEvent(
    "SupportDesk",
    z.object({ tenantId: payloadParts.id, ...message }),
    "a message came in a tenant's support chat",
  ),
  supportDeskRead: pushEvent(
    "SupportDesk",
    z.object({ tenantId: payloadParts.id, streamId: payloadParts.id, userId: payloadParts.id }),
    "a support staff member read a tenant's chat (their other pages count their unread again)",
  ),
  supportDeskTyping: pushEvent(
    "SupportDesk",
    z.object({ tenantId: payloadParts.id, ...typing }),
    "someone is typing in a tenant's support chat",
  ),
});

type ChatEvents = typeof CHAT_EVENTS.events;
declare module "../../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends ChatEvents {}
}
