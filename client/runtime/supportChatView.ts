/**
 * Support chat's markup in one place (issue 43 item 6): a conversation in the list and a message, as a
 * small tree the server renders into the page (server/areas/support/chat/panels.tsx) and the chat's
 * script (supportChat.ts) turns into elements for what comes later, so both write the same thing.
 * Text is always a text node: nothing in a message is read as HTML.
 */
import { formatDateTime } from "../../kernel/format.ts";
import { chatPieces } from "../../server/areas/support/chat/rules.ts";

/** An element: tag, attributes (HTML names; undefined ones left out), children. Text is a string. */
export type Tree = string | [string, Record<string, string | undefined>, ...Tree[]];

export type ChatMode = "user" | "staff";

export interface ChatStreamItem {
  id: number;
  dateModified: string;
  isTicket: boolean;
  subject: string;
  userName: string;
  unread: number;
  /** the staff's view: whose organisation */
  tenantId?: number;
  tenantName?: string;
}

export interface ChatMessageItem {
  id: number;
  senderName: string;
  fromSupport: boolean;
  text: string;
  sentAt: string;
}

/** A conversation's key on the page: the staff's list holds every organisation's, ids repeat across them. */
export const keyOf = (s: { id: number; tenantId?: number }) => `${s.tenantId ?? ""}:${s.id}`;

/** The calls each side makes (the staff's name the organisation too; only a user starts a conversation). */
export const CHAT_PATHS = {
  user: {
    streams: "/api/support/GetChatStreams",
    messages: "/api/support/GetChatMessages",
    reply: "/api/support/ReplyToChat",
    read: "/api/support/ReadChatStream",
    ticket: "/api/support/MarkChatTicket",
    typing: "/api/support/ChatTyping",
    send: "/api/support/SendChatMessage",
  },
  staff: {
    streams: "/api/super/GetAllChatStreams",
    messages: "/api/super/GetTenantChatMessages",
    reply: "/api/super/ReplyToTenantChat",
    read: "/api/super/ReadTenantChatStream",
    ticket: "/api/super/MarkTenantChatTicket",
    typing: "/api/super/TenantChatTyping",
    send: "",
  },
} as const;

export const NEW_TITLE = "New conversation";
export const ticketLabel = (isTicket: boolean) => isTicket ? "No longer a ticket" : "Mark as ticket";
export const unreadTotalWords = (n: number) => n ? `${n} unread` : "Everything read";

/** One conversation in the list: a button that opens it. */
export function streamTree(
  s: ChatStreamItem,
  mode: ChatMode,
  openKey: string | null,
  timeZone: string,
): Tree {
  const button: Tree = [
    "button",
    {
      type: "button",
      class: "chat-stream",
      "data-chat-key": keyOf(s),
      "aria-current": keyOf(s) === openKey ? "true" : undefined,
    },
    ["span", { class: "chat-subject" }, s.subject],
    [
      "span",
      { class: "muted small" },
      `${mode === "staff" ? `${s.tenantName} · ${s.userName} · ` : ""}${
        formatDateTime(s.dateModified, timeZone)
      }`,
    ],
  ];
  if (s.isTicket) button.push(["span", { class: "badge" }, "Ticket"]);
  if (s.unread > 0) {
    button.push(["span", { class: "badge badge-info" }, `${s.unread} `, [
      "span",
      { class: "sr-only" },
      "unread",
    ]]);
  }
  return ["li", {}, button];
}

/** One message: who and when, then its text with its links (opened apart, telling the other site nothing). */
export function messageTree(m: ChatMessageItem, mode: ChatMode, timeZone: string): Tree {
  const who = `${m.senderName}${m.fromSupport && mode === "user" ? " (support)" : ""}`;
  return [
    "li",
    {
      class: m.fromSupport === (mode === "staff") ? "chat-mine" : "chat-theirs",
      "data-message-id": String(m.id),
    },
    ["div", { class: "muted small" }, `${who} · ${formatDateTime(m.sentAt, timeZone)}`],
    chatTextTree(m.text),
  ];
}

export function chatTextTree(text: string): Tree {
  return [
    "span",
    { class: "chat-text" },
    ...chatPieces(text).map((piece): Tree =>
      "href" in piece
        ? ["a", { href: piece.href, target: "_blank", rel: "noopener noreferrer" }, piece.text]
        : piece.text
    ),
  ];
}

/** The tree as elements of this document. */
export function domOf(tree: Tree): Node {
  if (typeof tree === "string") return document.createTextNode(tree);
  const [tag, attrs, ...children] = tree;
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) el.setAttribute(name, value);
  el.append(...children.map(domOf));
  return el;
}
