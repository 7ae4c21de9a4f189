/** Support chat at the API boundary (spec 3 §3 Chat stream: id, dateModified, isTicket; §7 chat calls). */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { CHAT_TEXT_MAX } from "./rules.ts";

const chatText = z.string({ message: "Write a message first." }).trim()
  .min(1, "Write a message first.")
  .max(CHAT_TEXT_MAX, "Keep a message to 4,000 characters.");

export const ChatStream = z.object({
  id: z.number().int(),
  dateModified: z.string(),
  isTicket: z.boolean(),
  subject: z.string(),
  /** who started it */
  userName: z.string(),
  createdAt: z.string(),
  /** messages the viewer has not read yet (the staff's, for the starter; the starter's, for the staff) */
  unread: z.number().int(),
  lastMessageId: z.number().int().nullable(),
}).openapi("ChatStream");
export type ChatStream = z.output<typeof ChatStream>;

export const ChatMessage = z.object({
  id: z.number().int(),
  streamId: z.number().int(),
  senderName: z.string(),
  fromSupport: z.boolean(),
  /** plain text as written: shown escaped, its http(s) links clickable */
  text: z.string(),
  sentAt: z.string(),
}).openapi("ChatMessage");
export type ChatMessage = z.output<typeof ChatMessage>;

export const ChatMessagesQuery = z.object({
  streamId: idNumber(),
  /** the latest message id the caller has: only later ones come (absent: the last 500) */
  after: wholeNumber({ min: 0 }).optional().openapi({ description: "the latest message id already held" }),
});

export const ChatMessages = z.object({
  stream: ChatStream,
  messages: z.array(ChatMessage),
}).openapi("ChatMessages");

export const StartChatBody = z.object({ text: chatText }).openapi("StartChatBody");
export const ChatReplyBody = z.object({ streamId: idNumber(), text: chatText }).openapi("ChatReplyBody");
export const ChatStreamBody = z.object({ streamId: idNumber() }).openapi("ChatStreamBody");
export const ChatTicketBody = z.object({
  streamId: idNumber(),
  isTicket: z.boolean(),
  /** the stream's dateModified as read: 409 when it changed since */
  dateModified: z.string().max(40).optional(),
}).openapi("ChatTicketBody");

export const ChatStarted = z.object({ stream: ChatStream, message: ChatMessage }).openapi("ChatStarted");
export const ChatReadAnswer = z.object({ streamId: z.number().int(), lastReadMessageId: z.number().int() })
  .openapi("ChatReadAnswer");
export const ChatTypingAnswer = z.object({ sent: z.boolean() }).openapi("ChatTypingAnswer");
export const ChatUnread = z.object({ unread: z.number().int() }).openapi("ChatUnreadCount");

/** The staff's calls name the tenant too. */
const tenantId = { tenantId: idNumber() };
export const DeskMessagesQuery = ChatMessagesQuery.extend(tenantId);
export const DeskReplyBody = ChatReplyBody.extend(tenantId).openapi("ChatDeskReplyBody");
export const DeskStreamBody = ChatStreamBody.extend(tenantId).openapi("ChatDeskStreamBody");
export const DeskTicketBody = ChatTicketBody.extend(tenantId).openapi("ChatDeskTicketBody");
export const DeskStream = ChatStream.extend({ tenantId: z.number().int(), tenantName: z.string() })
  .openapi("ChatDeskStream");
export type DeskStream = z.output<typeof DeskStream>;

/** The staff member's unread messages: in total (the menu's badge) and per stream that has any. */
export const DeskUnread = z.object({
  unread: z.number().int(),
  streams: z.array(
    z.object({ tenantId: z.number().int(), streamId: z.number().int(), unread: z.number().int() }),
  ),
}).openapi("ChatDeskUnread");
