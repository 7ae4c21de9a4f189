/**
 * The support chat as the page shows it (issue 43 item 6), on home/support for a user's own conversations
 * and on /super/support for the staff's view of every organisation's: the conversations, the newest one
 * open with its messages, the typing line and the message box, all in the page's HTML. No React in the
 * browser: the chat's plain script (client/runtime/supportChat.ts, started by the shell where
 * `[data-support-chat]` is) sends, switches, reads and follows the push hub. Both render the list's and
 * the log's items from the same trees (client/runtime/supportChatView.ts).
 */
import { createElement, type ReactNode } from "react";
import {
  type ChatMessageItem,
  type ChatMode,
  type ChatStreamItem,
  chatTextTree,
  keyOf,
  messageTree,
  NEW_TITLE,
  streamTree,
  ticketLabel,
  type Tree,
  unreadTotalWords,
} from "../../../../client/runtime/supportChatView.ts";

/** A tree as React elements (HTML's `class` is React's className). */
function fromTree(tree: Tree): ReactNode {
  if (typeof tree === "string") return tree;
  const [tag, attrs, ...children] = tree;
  // (in the tree's order, so the page's HTML reads as the script's)
  const props = Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [k === "class" ? "className" : k, v]),
  );
  return createElement(tag, props, ...children.map(fromTree));
}

/** A message's text, escaped, its http(s) links clickable (the unit tests read it as HTML). */
export const ChatText = ({ text }: { text: string }) => <>{fromTree(chatTextTree(text))}</>;

export interface SupportChatPanelProps {
  mode: ChatMode;
  /** the signed-in user (their own typing signals come back to them and are ignored) */
  userId: number;
  /** newest first: the first is open */
  streams: ChatStreamItem[];
  /** the open conversation's messages, oldest first */
  messages: ChatMessageItem[];
  timeZone: string;
}

export function SupportChatPanel({ mode, userId, streams, messages, timeZone }: SupportChatPanelProps) {
  const open = streams[0] ?? null;
  const openKey = open ? keyOf(open) : null;
  const unreadTotal = streams.reduce((n, s) => n + s.unread, 0);
  return (
    <div
      className="chat"
      data-support-chat=""
      data-chat-mode={mode}
      data-user-id={userId}
      data-time-zone={timeZone}
      data-streams={JSON.stringify(streams)}
      data-open={openKey ?? ""}
      data-last-id={messages.at(-1)?.id ?? 0}
    >
      <nav className="chat-streams" aria-label="Conversations">
        {mode === "user" && (
          <button type="button" className="btn" data-chat-new="" aria-pressed={open === null}>
            {NEW_TITLE}
          </button>
        )}
        {mode === "staff" && (
          <p className="muted small" data-unread-total={unreadTotal} hidden={!streams.length}>
            {unreadTotalWords(unreadTotal)}
          </p>
        )}
        <p className="muted" data-chat-none="" hidden={streams.length > 0}>No conversations yet.</p>
        {createElement("ul", null, ...streams.map((s) => fromTree(streamTree(s, mode, openKey, timeZone))))}
      </nav>
      <section className="chat-open" aria-labelledby="chat-open-title">
        <div className="panel-head">
          <h3 id="chat-open-title">{open ? open.subject : NEW_TITLE}</h3>
          <button type="button" className="btn btn-ghost" data-chat-ticket="" hidden={!open}>
            {ticketLabel(open?.isTicket ?? false)}
          </button>
        </div>
        {/* a div carries the log role (a list may not), focusable as it scrolls */}
        <div
          className="chat-log"
          role="log"
          aria-live="polite"
          aria-label="Messages"
          tabIndex={0}
          hidden={!open}
        >
          {createElement("ol", null, ...messages.map((m) => fromTree(messageTree(m, mode, timeZone))))}
        </div>
        <p className="muted" data-chat-intro="" hidden={!!open || mode === "staff"}>
          Ask the support team anything: they answer here, and you see it as it comes.
        </p>
        <p className="chat-typing muted small" role="status"></p>
        <form className="chat-compose" hidden={mode === "staff" && !open}>
          <label htmlFor="chat-draft">Message</label>
          <textarea id="chat-draft" rows={3} maxLength={4_000} aria-describedby="chat-keys" />
          <div className="chat-actions">
            <span id="chat-keys" className="muted small">Enter sends · Shift+Enter starts a new line</span>
            <button type="submit" className="btn btn-primary">Send</button>
          </div>
        </form>
      </section>
    </div>
  );
}
