import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ChatText } from "./panels.tsx";
import {
  CHAT_TEXT_MAX,
  chatPieces,
  chatTextProblem,
  subjectOf,
  typingSignalDue,
  typingWatcher,
  typingWords,
} from "./rules.ts";

describe("a message's text", () => {
  test("empty or spaces only is refused; 4,000 characters pass, 4,001 do not", () => {
    expect(chatTextProblem("  \n ")).toBe("Write a message first.");
    expect(chatTextProblem("x".repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(chatTextProblem("x".repeat(CHAT_TEXT_MAX + 1))).toBe(
      "Keep a message to 4,000 characters (this one has 4,001).",
    );
  });

  test("the subject is the first line, cut to 80 characters", () => {
    expect(subjectOf("  Lot 14 tags\nmore")).toBe("Lot 14 tags");
    expect(subjectOf("y".repeat(100))).toHaveLength(80);
  });

  test("http and https addresses become links, a trailing full stop stays text, other schemes never", () => {
    expect(chatPieces("See https://example.com/a?b=1. Or http://x.io")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ". Or " },
      { text: "http://x.io", href: "http://x.io" },
    ]);
    expect(chatPieces("javascript:alert(1) data:text/html,x ftp://a")).toEqual([
      { text: "javascript:alert(1) data:text/html,x ftp://a" },
    ]);
  });

  test("shown escaped: markup in a message is text, links open apart with rel=noopener", () => {
    const html = renderToStaticMarkup(
      ChatText({ text: '<img src=x onerror="alert(1)"> see https://a.io/"><script>' }),
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img");
    expect(html).toContain('href="https://a.io/"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe("typing", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test("a signal is due on the first keystroke, then at most every 3 s", () => {
    expect(typingSignalDue(null, 0)).toBe(true);
    expect(typingSignalDue(1_000, 3_999)).toBe(false);
    expect(typingSignalDue(1_000, 4_000)).toBe(true);
  });

  test("a name goes 8 s after its last signal; a later signal keeps it", () => {
    const seen: string[][] = [];
    const watch = typingWatcher((names) => seen.push(names));
    watch.signal("Ann");
    expect(typingWords(watch.names())).toBe("Ann is typing…");
    vi.advanceTimersByTime(5_000);
    watch.signal("Ann");
    vi.advanceTimersByTime(7_999);
    expect(watch.names()).toEqual(["Ann"]);
    vi.advanceTimersByTime(1);
    expect(watch.names()).toEqual([]);
    expect(seen).toEqual([["Ann"], []]);
  });

  test("it goes at once when that person's message arrives; others stay", () => {
    const watch = typingWatcher(() => {});
    watch.signal("Ann");
    watch.signal("Bo");
    expect(typingWords(watch.names())).toBe("Ann and Bo are typing…");
    watch.arrived("Ann");
    expect(watch.names()).toEqual(["Bo"]);
    vi.advanceTimersByTime(8_000);
    expect(typingWords(watch.names())).toBe("");
  });
});
