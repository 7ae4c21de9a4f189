/**
 * Support chat (issue 43 item 6): on home/support a tenant user's own conversations with the support
 * staff (start one, read, reply, make it a ticket); on /super/support the staff's view of every tenant's.
 * New messages and typing come over the push hub (`SupportChat:<userId>`, or `SupportDesk` for the staff);
 * messages are then read through the API after the latest one held. Enter sends, Shift+Enter starts a
 * new line; new messages are announced (role="log"); '{name} is typing…' goes 8 s after the last signal
 * or when their message comes (rules.ts typingWatcher).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError } from "../runtime/api.ts";
import { push } from "../runtime/push.ts";
import { toast } from "../runtime/toast.ts";
import { formatDateTime } from "../../kernel/format.ts";
import {
  chatTextProblem,
  type Clock,
  typingSignalDue,
  typingWatcher,
  typingWords,
} from "../../server/areas/support/chat/rules.ts";
import { ChatText } from "./SupportChatText.tsx";

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

interface Message {
  id: number;
  senderName: string;
  fromSupport: boolean;
  text: string;
  sentAt: string;
}

export interface SupportChatProps {
  mode: "user" | "staff";
  /** the signed-in user (their own typing signals come back to them and are ignored) */
  userId: number;
  streams: ChatStreamItem[];
  timeZone: string;
}

const PATHS = {
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

const keyOf = (s: { id: number; tenantId?: number }) => `${s.tenantId ?? ""}:${s.id}`;
const says = (err: unknown) => toast("error", err instanceof ApiError ? err.message : String(err));

export default function SupportChat({ mode, userId, streams: initial, timeZone }: SupportChatProps) {
  const paths = PATHS[mode];
  const [streams, setStreams] = useState(initial);
  const [openKey, setOpenKey] = useState<string | null>(initial[0] ? keyOf(initial[0]) : null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState("");
  const [typing, setTyping] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const open = streams.find((s) => keyOf(s) === openKey) ?? null;
  const unreadTotal = streams.reduce((n, s) => n + s.unread, 0);
  const openRef = useRef(open);
  openRef.current = open;
  const lastId = useRef(0);
  const lastSignal = useRef<number | null>(null);
  // a test may pass its own clock (tests/e2e/supportChat.test.ts moves it 8 s on without waiting)
  const watcher = useMemo(
    () => typingWatcher(setTyping, (globalThis as { supportChatClock?: Clock }).supportChatClock),
    [],
  );
  const logRef = useRef<HTMLOListElement>(null);

  const which = (s: ChatStreamItem) => ({ streamId: s.id, ...(s.tenantId ? { tenantId: s.tenantId } : {}) });

  const reloadStreams = async () => setStreams(await api<ChatStreamItem[]>("GET", paths.streams));

  /** Reads the open stream's messages after the latest held, and marks them read. */
  const readNew = async (stream: ChatStreamItem) => {
    const answer = await api<{ messages: Message[] }>("GET", paths.messages, undefined, {
      query: { ...which(stream), ...(lastId.current ? { after: lastId.current } : {}) },
    });
    if (keyOf(stream) !== keyOf(openRef.current ?? { id: 0 })) return;
    if (answer.messages.length) {
      lastId.current = answer.messages.at(-1)!.id;
      setMessages((held) => [...held, ...answer.messages.filter((m) => !held.some((h) => h.id === m.id))]);
      for (const m of answer.messages) watcher.arrived(m.senderName);
      await api("POST", paths.read, which(stream));
      setStreams((all) => all.map((s) => keyOf(s) === keyOf(stream) ? { ...s, unread: 0 } : s));
    }
  };

  // opening a stream reads it from the start
  useEffect(() => {
    lastId.current = 0;
    setMessages([]);
    watcher.stop();
    setTyping([]);
    if (open) void readNew(open).catch(says);
  }, [openKey]);

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);

  useEffect(() => {
    const group = mode === "staff" ? "SupportDesk" : `SupportChat:${userId}`;
    const sameStream = (p: { streamId: number; tenantId?: number }) =>
      openRef.current && openRef.current.id === p.streamId &&
      (mode === "user" || openRef.current.tenantId === p.tenantId);
    const onMessage = (payload: unknown) => {
      const p = payload as { streamId: number; tenantId?: number };
      if (sameStream(p)) void readNew(openRef.current!).catch(says);
      void reloadStreams().catch(() => {/* the next message reads the list again */});
    };
    const onTyping = (payload: unknown) => {
      const p = payload as { streamId: number; tenantId?: number; userId: number; name: string };
      if (p.userId !== userId && sameStream(p)) watcher.signal(p.name);
    };
    const offs = [
      push.on(mode === "staff" ? "supportDeskMessage" : "supportChatMessage", onMessage),
      push.on(mode === "staff" ? "supportDeskTyping" : "supportChatTyping", onTyping),
      push.on("reconnected", () => onMessage({ streamId: openRef.current?.id ?? 0, ...openRef.current })),
    ];
    // the staff member read a chat in another window: its counts here follow
    if (mode === "staff") {
      offs.push(push.on("supportDeskRead", (payload) => {
        if ((payload as { userId: number }).userId === userId) void reloadStreams().catch(() => {});
      }));
    }
    void push.register(group);
    return () => {
      offs.forEach((off) => off());
      watcher.stop();
      void push.deregister(group);
    };
  }, []);

  const onType = (text: string) => {
    setDraft(text);
    const now = Date.now();
    if (open && text.trim() && typingSignalDue(lastSignal.current, now)) {
      lastSignal.current = now;
      void api("POST", paths.typing, which(open)).catch(() => {/* a lost signal only hides the words */});
    }
  };

  const send = async () => {
    const problem = chatTextProblem(draft);
    if (problem) return toast("warning", problem);
    setBusy(true);
    try {
      if (open) {
        await api("POST", paths.reply, { ...which(open), text: draft });
        await readNew(open);
      } else {
        const started = await api<{ stream: ChatStreamItem }>("POST", paths.send, { text: draft });
        setStreams((all) => [started.stream, ...all]);
        setOpenKey(keyOf(started.stream));
        toast("success", "Sent: the support team will answer here.");
      }
      setDraft("");
      lastSignal.current = null;
    } catch (err) {
      says(err);
    } finally {
      setBusy(false);
    }
  };

  const toggleTicket = async () => {
    if (!open) return;
    try {
      const saved = await api<ChatStreamItem>("POST", paths.ticket, {
        ...which(open),
        isTicket: !open.isTicket,
        dateModified: open.dateModified,
      });
      setStreams((all) =>
        all.map((s) => keyOf(s) === keyOf(open) ? { ...s, ...saved, unread: s.unread } : s)
      );
      toast("success", saved.isTicket ? "Made a ticket." : "No longer a ticket.");
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) void reloadStreams();
      says(err);
    }
  };

  return (
    <div className="chat" data-chat-mode={mode}>
      <nav className="chat-streams" aria-label="Conversations">
        {mode === "user" && (
          <button
            type="button"
            className="btn"
            aria-pressed={open === null}
            onClick={() => setOpenKey(null)}
          >
            New conversation
          </button>
        )}
        {mode === "staff" && streams.length > 0 && (
          <p className="muted small" data-unread-total={unreadTotal}>
            {unreadTotal ? `${unreadTotal} unread` : "Everything read"}
          </p>
        )}
        {!streams.length && <p className="muted">No conversations yet.</p>}
        <ul>
          {streams.map((s) => (
            <li key={keyOf(s)}>
              <button
                type="button"
                className="chat-stream"
                aria-current={keyOf(s) === openKey ? "true" : undefined}
                onClick={() => setOpenKey(keyOf(s))}
              >
                <span className="chat-subject">{s.subject}</span>
                <span className="muted small">
                  {mode === "staff" ? `${s.tenantName} · ${s.userName} · ` : ""}
                  {formatDateTime(s.dateModified, timeZone)}
                </span>
                {s.isTicket && <span className="badge">Ticket</span>}
                {s.unread > 0 && (
                  <span className="badge badge-info">
                    {s.unread} <span className="sr-only">unread</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="chat-open" aria-labelledby="chat-open-title">
        <div className="panel-head">
          <h3 id="chat-open-title">{open ? open.subject : "New conversation"}</h3>
          {open && (
            <button type="button" className="btn btn-ghost" onClick={() => void toggleTicket()}>
              {open.isTicket ? "No longer a ticket" : "Mark as ticket"}
            </button>
          )}
        </div>
        {open
          ? (
            // a div carries the log role (a list may not), focusable as it scrolls
            <div className="chat-log" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
              <ol ref={logRef}>
                {messages.map((m) => (
                  <li
                    key={m.id}
                    className={m.fromSupport === (mode === "staff") ? "chat-mine" : "chat-theirs"}
                  >
                    <div className="muted small">
                      {m.senderName}
                      {m.fromSupport && mode === "user" ? " (support)" : ""} ·{" "}
                      {formatDateTime(m.sentAt, timeZone)}
                    </div>
                    <ChatText text={m.text} />
                  </li>
                ))}
              </ol>
            </div>
          )
          : (
            <p className="muted">
              Ask the support team anything: they answer here, and you see it as it comes.
            </p>
          )}
        <p className="chat-typing muted small" role="status">{typingWords(typing)}</p>
        <form
          className="chat-compose"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label htmlFor="chat-draft">Message</label>
          <textarea
            id="chat-draft"
            rows={3}
            maxLength={4_000}
            value={draft}
            aria-describedby="chat-keys"
            onChange={(e) => onType(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
          />
          <div className="chat-actions">
            <span id="chat-keys" className="muted small">Enter sends · Shift+Enter starts a new line</span>
            <button type="submit" className="btn btn-primary" disabled={busy}>Send</button>
          </div>
        </form>
      </section>
    </div>
  );
}
