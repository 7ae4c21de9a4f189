/**
 * Support chat in the browser without React (issue 43 item 6; the page writes it:
 * server/areas/support/chat/panels.tsx). The shell starts it where `[data-support-chat]` is; it joins the
 * push hub through the shell's own client (pushLater.ts). A user on home/support has their own
 * conversations (`SupportChat:<userId>`), the staff on /super/support every organisation's
 * (`SupportDesk`). It opens a conversation in place and reads it after the latest message held, marking
 * it read; sends (Enter; Shift+Enter a new line), starts a conversation, makes it a ticket; says
 * '{name} is typing…' until 8 s after the last signal or their message (rules.ts typingWatcher, on the
 * page's `supportChatClock` where a test set one); and reads on after a reconnect or missed events.
 */
import { api, ApiError } from "./api.ts";
import { toast } from "./toast.ts";
import { withPush } from "./pushLater.ts";
import {
  chatTextProblem,
  type Clock,
  typingSignalDue,
  typingWatcher,
  typingWords,
} from "../../server/areas/support/chat/rules.ts";
import {
  CHAT_PATHS,
  type ChatMessageItem,
  type ChatMode,
  type ChatStreamItem,
  domOf,
  keyOf,
  messageTree,
  NEW_TITLE,
  streamTree,
  ticketLabel,
  unreadTotalWords,
} from "./supportChatView.ts";

/** api() has shown a refused call already; anything else is a fault to log. */
const quietly = (err: unknown) => {
  if (!(err instanceof ApiError)) console.error(err);
};

export function startChat(root: HTMLElement): void {
  const mode = root.dataset.chatMode as ChatMode;
  const userId = Number(root.dataset.userId);
  const timeZone = root.dataset.timeZone!;
  const paths = CHAT_PATHS[mode];
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const list = $<HTMLUListElement>(".chat-streams ul");
  const newButton = root.querySelector<HTMLButtonElement>("[data-chat-new]");
  const total = root.querySelector<HTMLElement>("[data-unread-total]");
  const none = $<HTMLElement>("[data-chat-none]");
  const title = $<HTMLElement>("#chat-open-title");
  const ticket = $<HTMLButtonElement>("[data-chat-ticket]");
  const log = $<HTMLElement>(".chat-log");
  const messages = $<HTMLOListElement>(".chat-log ol");
  const intro = $<HTMLElement>("[data-chat-intro]");
  const typing = $<HTMLElement>(".chat-typing");
  const form = $<HTMLFormElement>(".chat-compose");
  const draft = $<HTMLTextAreaElement>("#chat-draft");
  const sendButton = $<HTMLButtonElement>(".chat-compose [type=submit]");

  let streams = JSON.parse(root.dataset.streams ?? "[]") as ChatStreamItem[];
  let openKey: string | null = root.dataset.open || null;
  let lastId = Number(root.dataset.lastId ?? 0);
  let lastSignal: number | null = null;
  const open = () => streams.find((s) => keyOf(s) === openKey) ?? null;
  const which = (s: ChatStreamItem) => ({ streamId: s.id, ...(s.tenantId ? { tenantId: s.tenantId } : {}) });
  // a test may pass its own clock (tests/e2e/supportChat.test.ts moves it 8 s on without waiting)
  const watcher = typingWatcher(
    (names) => typing.textContent = typingWords(names),
    (globalThis as { supportChatClock?: Clock }).supportChatClock,
  );

  /** The list again, keeping the keyboard where it was (a button is replaced by its new self). */
  const showStreams = () => {
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.chatKey;
    list.replaceChildren(...streams.map((s) => domOf(streamTree(s, mode, openKey, timeZone))));
    if (focused) list.querySelector<HTMLElement>(`[data-chat-key="${CSS.escape(focused)}"]`)?.focus();
    newButton?.setAttribute("aria-pressed", String(openKey === null));
    none.hidden = streams.length > 0;
    if (total) {
      const unread = streams.reduce((n, s) => n + s.unread, 0);
      total.hidden = !streams.length;
      total.dataset.unreadTotal = String(unread);
      total.textContent = unreadTotalWords(unread);
    }
  };

  const showOpen = () => {
    const stream = open();
    title.textContent = stream ? stream.subject : NEW_TITLE;
    ticket.hidden = !stream;
    ticket.textContent = ticketLabel(stream?.isTicket ?? false);
    log.hidden = !stream;
    // the staff answer in a conversation; only a user starts one
    intro.hidden = !!stream || mode === "staff";
    form.hidden = mode === "staff" && !stream;
  };

  // the log scrolls in itself to its newest message (the page stays where the reader has it)
  const toLatest = () => log.scrollTop = log.scrollHeight;

  const reloadStreams = async () => {
    streams = await api<ChatStreamItem[]>("GET", paths.streams, undefined, { silent: true });
    showStreams();
    showOpen();
  };
  const reloadSoon = () => void reloadStreams().catch(() => {/* the next message reads the list again */});

  /** Reads the stream's messages after the latest held and marks them read (or when `markRead` says). */
  const readNew = async (stream: ChatStreamItem, markRead = false) => {
    const answer = await api<{ messages: ChatMessageItem[] }>("GET", paths.messages, undefined, {
      query: { ...which(stream), ...(lastId ? { after: lastId } : {}) },
    });
    if (keyOf(stream) !== openKey) return; // another was opened meanwhile
    const fresh = answer.messages.filter((m) => !messages.querySelector(`[data-message-id="${m.id}"]`));
    if (fresh.length) {
      lastId = Math.max(lastId, fresh.at(-1)!.id);
      messages.append(...fresh.map((m) => domOf(messageTree(m, mode, timeZone))));
      toLatest();
      for (const m of fresh) watcher.arrived(m.senderName);
    }
    if (fresh.length || markRead) {
      await api("POST", paths.read, which(stream));
      streams = streams.map((s) => keyOf(s) === keyOf(stream) ? { ...s, unread: 0 } : s);
      showStreams();
    }
  };

  /** Opens a conversation (null: a new one) and reads it from the start. */
  const openStream = (key: string | null) => {
    openKey = key;
    lastId = 0;
    messages.replaceChildren();
    watcher.stop();
    typing.textContent = "";
    showStreams();
    showOpen();
    const stream = open();
    if (stream) void readNew(stream).catch(quietly);
  };

  const send = async () => {
    const problem = chatTextProblem(draft.value);
    if (problem) return void toast("warning", problem);
    if (sendButton.disabled) return;
    sendButton.disabled = true;
    try {
      const stream = open();
      if (stream) {
        await api("POST", paths.reply, { ...which(stream), text: draft.value });
        draft.value = "";
        await readNew(stream);
      } else {
        const started = await api<{ stream: ChatStreamItem }>("POST", paths.send, { text: draft.value });
        draft.value = "";
        streams = [started.stream, ...streams];
        openStream(keyOf(started.stream));
        toast("success", "Sent: the support team will answer here.");
      }
      lastSignal = null;
    } catch (err) {
      quietly(err);
    } finally {
      sendButton.disabled = false;
    }
  };

  const toggleTicket = async () => {
    const stream = open();
    if (!stream) return;
    try {
      const saved = await api<ChatStreamItem>("POST", paths.ticket, {
        ...which(stream),
        isTicket: !stream.isTicket,
        dateModified: stream.dateModified,
      });
      streams = streams.map((s) => keyOf(s) === keyOf(stream) ? { ...s, ...saved, unread: s.unread } : s);
      showStreams();
      showOpen();
      toast("success", saved.isTicket ? "Made a ticket." : "No longer a ticket.");
    } catch (err) {
      // changed since it was read: the list as it is now
      if (err instanceof ApiError && err.status === 409) reloadSoon();
      quietly(err);
    }
  };

  root.addEventListener("click", (e) => {
    const target = e.target as Element;
    const streamButton = target.closest<HTMLElement>("[data-chat-key]");
    if (streamButton) openStream(streamButton.dataset.chatKey!);
    else if (target.closest("[data-chat-new]")) openStream(null);
    else if (target.closest("[data-chat-ticket]")) void toggleTicket();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void send();
  });
  draft.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void send();
    }
  });
  draft.addEventListener("input", () => {
    const stream = open();
    const now = Date.now();
    if (stream && draft.value.trim() && typingSignalDue(lastSignal, now)) {
      lastSignal = now;
      void api("POST", paths.typing, which(stream), { silent: true })
        .catch(() => {/* a lost signal only hides the words */});
    }
  });

  withPush((push) => {
    const sameStream = (p: { streamId: number; tenantId?: number }) => {
      const stream = open();
      return !!stream && stream.id === p.streamId && (mode === "user" || stream.tenantId === p.tenantId);
    };
    // what came while away (or between the page's render and joining): the open one, then the list
    const catchUp = () => {
      const stream = open();
      if (stream) void readNew(stream).catch(quietly);
      reloadSoon();
    };
    const offs = [
      push.on(mode === "staff" ? "supportDeskMessage" : "supportChatMessage", (payload) => {
        if (sameStream(payload as { streamId: number; tenantId?: number })) {
          void readNew(open()!).catch(quietly);
        }
        reloadSoon();
      }),
      push.on(mode === "staff" ? "supportDeskTyping" : "supportChatTyping", (payload) => {
        const p = payload as { streamId: number; tenantId?: number; userId: number; name: string };
        if (p.userId !== userId && sameStream(p)) watcher.signal(p.name);
      }),
      push.on("reconnected", catchUp),
      push.on("missed", catchUp),
    ];
    // the staff member read a chat in another window: its counts here follow
    if (mode === "staff") {
      offs.push(push.on("supportDeskRead", (payload) => {
        if ((payload as { userId: number }).userId === userId) reloadSoon();
      }));
    }
    const group = mode === "staff" ? "SupportDesk" : `SupportChat:${userId}`;
    void push.register(group).then((joined) => {
      if (joined) root.dataset.live = "";
    });
    return () => {
      offs.forEach((off) => off());
      watcher.stop();
      void push.deregister(group);
    };
  });

  toLatest();
  root.dataset.ready = "";
  // the open conversation as it is now, and read: its unread replies leave the menu's count
  const first = open();
  if (first) void readNew(first, first.unread > 0).catch(quietly);
}
