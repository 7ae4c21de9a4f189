/**
 * Support chat's pure rules (spec 3 §4, §9): a message is plain text of at most 4,000 characters, shown
 * escaped with its http(s) links made clickable; the typing indicator ('{name} is typing…') goes 8 s
 * after the last signal or when that person's message arrives; a sender signals at most every 3 s.
 * Islands import this file.
 */

export const CHAT_TEXT_MAX = 4_000;
/** How long '{name} is typing…' stays after the last signal (spec 3 §9 "Chat typing wait 8 seconds"). */
export const TYPING_EXPIRES_MS = 8_000;
/** The least time between two typing signals from one sender. */
export const TYPING_SIGNAL_EVERY_MS = 3_000;

/** What is wrong with a message as written, in words, or null when it can be sent. */
export function chatTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return "Write a message first.";
  if (trimmed.length > CHAT_TEXT_MAX) {
    return `Keep a message to 4,000 characters (this one has ${trimmed.length.toLocaleString("en-AU")}).`;
  }
  return null;
}

/** A stream's subject: the first line of its first message, cut to 80 characters. */
export function subjectOf(text: string): string {
  const line = text.trim().split("\n")[0].trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export type ChatPiece = { text: string } | { text: string; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * A message as pieces of text and links: only http and https addresses become links (never javascript:,
 * data: or a bare word); a full stop or bracket after an address stays text. The screen renders the
 * pieces as text nodes, so nothing in a message is ever read as HTML.
 */
export function chatPieces(text: string): ChatPiece[] {
  const pieces: ChatPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, "");
    const start = match.index!;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ text: href, href });
    at = start + href.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

/** Whether a typing signal is due: the first keystroke, then at most one every 3 s. */
export const typingSignalDue = (lastSentAt: number | null, now: number) =>
  lastSentAt === null || now - lastSentAt >= TYPING_SIGNAL_EVERY_MS;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

/**
 * Who is typing in one open stream: `signal(name)` on each typing event, `arrived(name)` when their
 * message comes; `onChange` hears the names whenever the list changes, including when a name expires
 * 8 s after its last signal. The clock is passed in (tests use fake timers).
 */
export function typingWatcher(onChange: (names: string[]) => void, clock: Clock = realClock) {
  const timers = new Map<string, unknown>();
  const tell = () => onChange([...timers.keys()]);
  const drop = (name: string) => {
    if (!timers.has(name)) return;
    clock.clearTimeout(timers.get(name));
    timers.delete(name);
    tell();
  };
  return {
    signal(name: string) {
      const known = timers.has(name);
      if (known) clock.clearTimeout(timers.get(name));
      timers.set(name, clock.setTimeout(() => drop(name), TYPING_EXPIRES_MS));
      if (!known) tell();
    },
    arrived: drop,
    names: () => [...timers.keys()],
    stop() {
      for (const handle of timers.values()) clock.clearTimeout(handle);
      timers.clear();
    },
  };
}

/** '{name} is typing…' for one, 'A and B are typing…' for more; empty when nobody is. */
export function typingWords(names: string[]): string {
  if (!names.length) return "";
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are typing…`;
}

/**
 * A support staff member's read mark key in a tenant's chat_read_marks: the negated user id, apart from
 * the stream starters' own ids (a super user who also chats as a tenant user keeps both marks).
 */
export const staffMark = (userId: number): number => -userId;
