/**
 * api/support/chat: a tenant user's support chats (issue 43 item 6; spec 3 §7 "chat messages: optional
 * latest marker", "chat send, read stream, reply"). Whoever can open the Support page may chat; each
 * sees only the streams they started.
 */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  listStreams,
  markTicket,
  readMessages,
  readStream,
  reply,
  signalTyping,
  startStream,
  unreadCount,
} from "./operations.ts";
import {
  ChatMessage,
  ChatMessages,
  ChatMessagesQuery,
  ChatReadAnswer,
  ChatReplyBody,
  ChatStarted,
  ChatStream,
  ChatStreamBody,
  ChatTicketBody,
  ChatTypingAnswer,
  ChatUnread,
  StartChatBody,
} from "./schemas.ts";
import { z } from "@hono/zod-openapi";

export const CHAT_API = {
  streams: "/api/support/GetChatStreams",
  messages: "/api/support/GetChatMessages",
  send: "/api/support/SendChatMessage",
  reply: "/api/support/ReplyToChat",
  read: "/api/support/ReadChatStream",
  ticket: "/api/support/MarkChatTicket",
  typing: "/api/support/ChatTyping",
  unread: "/api/support/GetUnreadChatCount",
} as const;

const CHAT: AccessRule = { pages: ["support"] };
const api = areaApi(["Support: chat"]);

api.get(
  CHAT_API.streams,
  "The caller's support chats, newest first, with unread counts (at most 200)",
  {},
  z.array(ChatStream),
  CHAT,
  (ctx) => listStreams(ctx),
);
api.get(
  CHAT_API.messages,
  "A chat's messages after the optional latest marker (`after`, a message id), oldest first (at most 500)",
  { query: ChatMessagesQuery },
  ChatMessages,
  CHAT,
  (ctx, q) => readMessages(ctx, "owner", q),
);
api.post(
  CHAT_API.send,
  "Start a chat with the support staff: its first message (plain text, at most 4,000 characters)",
  StartChatBody,
  ChatStarted,
  CHAT,
  startStream,
);
api.post(
  CHAT_API.reply,
  "Reply in one of the caller's chats",
  ChatReplyBody,
  ChatMessage,
  CHAT,
  (ctx, b) => reply(ctx, "owner", b),
);
api.post(
  CHAT_API.read,
  "Mark every message of one of the caller's chats read",
  ChatStreamBody,
  ChatReadAnswer,
  CHAT,
  (ctx, b) => readStream(ctx, "owner", b),
);
api.post(
  CHAT_API.ticket,
  "Make one of the caller's chats a ticket, or not (409 when it changed since dateModified)",
  ChatTicketBody,
  ChatStream,
  CHAT,
  (ctx, b) => markTicket(ctx, "owner", b),
);
api.post(
  CHAT_API.typing,
  "Tell the support staff the caller is typing in a chat (send at most every 3 s)",
  ChatStreamBody,
  ChatTypingAnswer,
  CHAT,
  (ctx, b) => signalTyping(ctx, "owner", b),
);
api.get(
  CHAT_API.unread,
  "How many support replies the caller has not read (the menu's badge)",
  {},
  ChatUnread,
  CHAT,
  (ctx) => unreadCount(ctx),
);

export const chatApi = api.router();
