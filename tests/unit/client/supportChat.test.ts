import { hasDom } from "./dom.ts"; // first: installs the DOM
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SupportChatPanel } from "../../../server/areas/support/chat/panels.tsx";
import {
  type ChatMessageItem,
  type ChatStreamItem,
  domOf,
  messageTree,
  streamTree,
} from "../../../client/runtime/supportChatView.ts";
import { apiConfig } from "../../../client/runtime/api.ts";

/**
 * The support chat's plain script (client/runtime/supportChat.ts) over the page's own markup
 * (server/areas/support/chat/panels.tsx): what the script adds reads as what the server wrote, nothing in
 * a message is HTML, and the conversation list, reading and sending work from the keyboard's events.
 * The calls go to a stand-in for the network (api.ts's fetch hook); the browser test drives the real one.
 */
const ZONE = "Australia/Sydney";
const streams: ChatStreamItem[] = [
  {
    id: 2,
    dateModified: "2026-11-27T22:15:00.000Z",
    isTicket: false,
    subject: "Second site",
    userName: "User Demo",
    unread: 0,
  },
  {
    id: 1,
    dateModified: "2026-11-23T04:30:00.000Z",
    isTicket: true,
    subject: "Tail tags <lot 14>",
    userName: "User Demo",
    unread: 2,
  },
];
const messages: ChatMessageItem[] = [
  {
    id: 5,
    senderName: "User Demo",
    fromSupport: false,
    text: "Hello <b>there</b>",
    sentAt: "2026-11-27T22:02:00Z",
  },
  {
    id: 6,
    senderName: "Super Demo",
    fromSupport: true,
    text: "See https://a.io/x.",
    sentAt: "2026-11-27T22:15:00Z",
  },
];

const calls: { method: string; url: string; body?: unknown }[] = [];
const answers: Record<string, unknown> = {};
let restoreFetch: typeof apiConfig.fetch;

describe.skipIf(!hasDom)("support chat without React", () => {
  beforeAll(() => {
    restoreFetch = apiConfig.fetch;
    apiConfig.fetch = (url, init) => {
      calls.push({ method: init.method!, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url.split("?")[0]] ?? {};
      return Promise.resolve(
        new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } }),
      );
    };
  });
  afterAll(() => void (apiConfig.fetch = restoreFetch));

  test("the script's items are the server's, and a message's markup stays text", () => {
    const page = document.createElement("div");
    page.innerHTML = renderToStaticMarkup(
      createElement(SupportChatPanel, { mode: "user", userId: 3, streams, messages, timeZone: ZONE }),
    );
    const wrap = (tree: Parameters<typeof domOf>[0]) => (domOf(tree) as HTMLElement).outerHTML;
    expect(page.querySelector(".chat-streams ul")!.innerHTML).toBe(
      streams.map((s) => wrap(streamTree(s, "user", ":2", ZONE))).join(""),
    );
    expect(page.querySelector(".chat-log ol")!.innerHTML).toBe(
      messages.map((m) => wrap(messageTree(m, "user", ZONE))).join(""),
    );
    const log = page.querySelector(".chat-log")!;
    expect(log.querySelector("b")).toBeNull();
    expect(log.textContent).toContain("Hello <b>there</b>");
    expect(log.querySelector("a")!.getAttribute("href")).toBe("https://a.io/x");
    expect(log.textContent).toContain("Super Demo (support)");
  });

  test("opens another conversation and reads it, sends with Enter, keeps Shift+Enter a new line", async () => {
    document.body.innerHTML = renderToStaticMarkup(
      createElement(SupportChatPanel, { mode: "user", userId: 3, streams, messages, timeZone: ZONE }),
    );
    const { startChat } = await import("../../../client/runtime/supportChat.ts");
    answers["/api/support/GetChatMessages"] = { messages: [] };
    startChat(document.querySelector<HTMLElement>("[data-support-chat]")!);
    // the open one had nothing unread and nothing came since the page: read after its latest, not marked
    await expect.poll(said).toEqual(["GET /api/support/GetChatMessages?streamId=2&after=6"]);

    calls.length = 0;
    answers["/api/support/GetChatMessages"] = {
      messages: [{
        id: 3,
        senderName: "Super Demo",
        fromSupport: true,
        text: "Checking",
        sentAt: "2026-11-23T04:30Z",
      }],
    };
    const older = document.querySelector<HTMLElement>('[data-chat-key=":1"]')!;
    older.focus();
    older.click();
    await expect.poll(said).toEqual([
      "GET /api/support/GetChatMessages?streamId=1",
      "POST /api/support/ReadChatStream",
    ]);
    await expect.poll(() => document.querySelector('[aria-current="true"] .badge-info')).toBeNull();
    expect(document.querySelector("#chat-open-title")!.textContent).toBe("Tail tags <lot 14>");
    expect(document.querySelectorAll(".chat-log li")).toHaveLength(1);
    expect(document.querySelector("[data-chat-ticket]")!.textContent).toBe("No longer a ticket");
    // its unread count has gone, and the keyboard is still on it
    const current = document.querySelector<HTMLElement>('[aria-current="true"]')!;
    expect(current.dataset.chatKey).toBe(":1");
    expect(current.querySelector(".badge-info")).toBeNull();
    expect(document.activeElement).toBe(current);

    calls.length = 0;
    const draft = document.querySelector<HTMLTextAreaElement>("#chat-draft")!;
    draft.value = "line one";
    expect(draft.dispatchEvent(keydown("Enter", true))).toBe(true); // Shift+Enter: left to the textarea
    draft.value = "line one\nline two";
    expect(draft.dispatchEvent(keydown("Enter"))).toBe(false);
    await expect.poll(() => calls[0]).toEqual({
      method: "POST",
      url: "/api/support/ReplyToChat",
      body: { streamId: 1, text: "line one\nline two" },
    });
    await expect.poll(() => draft.value).toBe("");

    // nothing written: told so, nothing sent
    calls.length = 0;
    draft.value = "   ";
    draft.dispatchEvent(keydown("Enter"));
    await expect.poll(() => document.querySelector(".toast")?.textContent).toContain(
      "Write a message first.",
    );
    expect(calls).toEqual([]);
  });
});

const keydown = (key: string, shiftKey = false) =>
  new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true });
const said = () => calls.map((c) => `${c.method} ${c.url}`);
