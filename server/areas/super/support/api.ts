/**
 * api/super/… the support desk (super only): every organisation's reported problems, a page at a time
 * (the total in X-Total-Count), and marking one handled. The support files themselves are the storage
 * area's calls (GetBlobsForFolder, DownloadSupportBlob, UploadSupportBlob…, SuperDeleteSupportBlob…).
 */
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { AllProblemReportsQuery, TenantProblemBody, TenantProblemReport } from "./schemas.ts";
import { allProblemReports, markReportHandled } from "./operations.ts";
import { z } from "@hono/zod-openapi";
import {
  ChatMessage,
  ChatMessages,
  ChatReadAnswer,
  ChatStream,
  ChatTypingAnswer,
  DeskMessagesQuery,
  DeskReplyBody,
  DeskStream,
  DeskStreamBody,
  DeskTicketBody,
  DeskUnread,
} from "../../support/chat/schemas.ts";
import {
  deskMessages,
  deskRead,
  deskReply,
  deskStreams,
  deskTicket,
  deskTyping,
  deskUnread,
} from "./chatDesk.ts";

export const SUPER_SUPPORT_API = {
  problemReports: "/api/super/GetAllProblemReports",
  markHandled: "/api/super/MarkTenantProblemHandled",
  chatStreams: "/api/super/GetAllChatStreams",
  chatMessages: "/api/super/GetTenantChatMessages",
  chatReply: "/api/super/ReplyToTenantChat",
  chatRead: "/api/super/ReadTenantChatStream",
  chatTicket: "/api/super/MarkTenantChatTicket",
  chatTyping: "/api/super/TenantChatTyping",
  chatUnread: "/api/super/GetChatDeskUnread",
} as const;

const api = areaApi(["Super"]);

api.page(
  SUPER_SUPPORT_API.problemReports,
  "Problems reported in every organisation (or one), open ones first, newest first; paged " +
    "(at most 200 a page), the total in X-Total-Count",
  { query: AllProblemReportsQuery },
  TenantProblemReport,
  SUPER,
  allProblemReports,
);

api.post(
  SUPER_SUPPORT_API.markHandled,
  "Mark an organisation's reported problem handled (as its support staff would)",
  TenantProblemBody,
  TenantProblemReport,
  SUPER,
  markReportHandled,
);

// support chat, the staff's side (every access audited: chatDesk.ts)
api.get(
  SUPER_SUPPORT_API.chatStreams,
  "Every organisation's support chats, newest first",
  {},
  z.array(DeskStream),
  SUPER,
  deskStreams,
);
api.get(
  SUPER_SUPPORT_API.chatMessages,
  "An organisation's support chat: messages after the optional latest marker (`after`), oldest first",
  { query: DeskMessagesQuery },
  ChatMessages,
  SUPER,
  deskMessages,
);
api.post(
  SUPER_SUPPORT_API.chatReply,
  "Reply in an organisation's support chat as the support staff",
  DeskReplyBody,
  ChatMessage,
  SUPER,
  deskReply,
);
api.post(
  SUPER_SUPPORT_API.chatRead,
  "Mark an organisation's support chat read by the support staff",
  DeskStreamBody,
  ChatReadAnswer,
  SUPER,
  deskRead,
);
api.post(
  SUPER_SUPPORT_API.chatTicket,
  "Make an organisation's support chat a ticket, or not (409 when it changed)",
  DeskTicketBody,
  ChatStream,
  SUPER,
  deskTicket,
);
api.post(
  SUPER_SUPPORT_API.chatTyping,
  "Tell the chat's user the support staff are typing",
  DeskStreamBody,
  ChatTypingAnswer,
  SUPER,
  deskTyping,
);

api.get(
  SUPER_SUPPORT_API.chatUnread,
  "The caller's unread support chat messages from every organisation's users: in total and per chat",
  {},
  DeskUnread,
  SUPER,
  deskUnread,
);

export const superSupportApi = api.router();
