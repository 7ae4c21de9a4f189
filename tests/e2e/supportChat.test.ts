/**
 * Support chat in two Chromium windows (issue 43 item 6): a user on Support starts a conversation with
 * the keyboard only (Shift+Enter a new line, Enter sends); the staff's window on /super/support sees it
 * come (counted unread on the conversation and the menu until opened) and answers; '{name} is
 * typing…' appears in the user's window and goes 8 s after the last signal
 * (the chat's typing clock is the test's, moved on instead of waited for) or when the message arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let user: Awaited<ReturnType<typeof launchBrowser>>;
let staff: Awaited<ReturnType<typeof launchBrowser>>;

/** A clock the test moves: timers fire only when `advance` passes them. */
function installManualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  (globalThis as Record<string, unknown>).supportChatClock = {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => (timers.set(next, { at: now + ms, fn }), next++),
    clearTimeout: (id: number) => void timers.delete(id),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) if (t.at <= now) (timers.delete(id), t.fn());
    },
  };
}
const advance = (page: Page, ms: number) =>
  page.evaluate((by) =>
    (globalThis as unknown as { supportChatClock: { advance(ms: number): void } })
      .supportChatClock.advance(by), ms);

beforeAll(async () => {
  server = await serveTestApp();
  [user, staff] = await Promise.all([launchBrowser(), launchBrowser()]);
  await user.context.addInitScript(installManualClock);
}, 180_000); // a busy CI machine starts the app slowly
afterAll(async () => {
  await Promise.all([user?.close(), staff?.close()]);
  await server?.close();
});

describe("support chat between two windows", () => {
  it("a user writes by keyboard, the staff answer, typing shows and goes", async () => {
    const [a, b] = [user.page, staff.page];
    await Promise.all([
      signIn(a, server.origin, "user@demo.processor", TEST_PASSWORD).then(() => signedIn(a)),
      signIn(b, server.origin, "super@demo.processor", TEST_PASSWORD).then(() => signedIn(b)),
    ]);
    await Promise.all([a.goto(`${server.origin}/home/support`), b.goto(`${server.origin}/super/support`)]);
    // (live: the chat's script has joined its push group, so nothing sent from now on passes it by)
    const chatA = a.locator("[data-support-chat][data-live]");
    const chatB = b.locator("[data-support-chat][data-live]");
    await Promise.all([chatA.waitFor(), chatB.waitFor()]);
    // the demo's two conversations, one a ticket
    await expect.poll(() => chatA.locator(".chat-stream").count()).toBe(2);
    await chatA.locator(".chat-stream .badge", { hasText: "Ticket" }).waitFor();
    // the newest opens and is read: the menu's badge of unread replies goes (the demo left one unread)
    await a.locator("[data-chat-unread][data-unread='0']").waitFor({ state: "attached" });

    // keyboard only: to New conversation, then the message box, Shift+Enter, Enter
    await chatA.getByRole("button", { name: "New conversation" }).focus();
    await a.keyboard.press("Enter");
    await chatA.getByRole("heading", { name: "New conversation" }).waitFor();
    expect(await chatA.getByRole("button", { name: "Mark as ticket" }).isVisible()).toBe(false);
    // past the conversations to the message box
    for (let i = 0; i < 4 && await a.evaluate(() => document.activeElement?.id) !== "chat-draft"; i++) {
      await a.keyboard.press("Tab");
    }
    expect(await a.evaluate(() => document.activeElement?.id)).toBe("chat-draft");
    await a.keyboard.type("Our scale shows <b>0 kg</b>");
    await a.keyboard.press("Shift+Enter");
    await a.keyboard.type("see https://example.com/scale");
    await a.keyboard.press("Enter");
    const mine = chatA.locator(".chat-log li").last();
    await mine.getByText("Our scale shows <b>0 kg</b>").waitFor(); // escaped: shown as written
    expect(await mine.getByRole("link", { name: "https://example.com/scale" }).getAttribute("rel"))
      .toBe("noopener noreferrer");
    expect(await chatA.getByLabel("Message", { exact: true }).inputValue()).toBe("");

    // the staff's window hears of it and opens it
    const streamB = chatB.locator(".chat-stream", { hasText: "Our scale shows" });
    await streamB.waitFor();
    // the staff member's unread, live: on the conversation and the menu's Super entry; opening it reads it
    await streamB.locator(".badge-info").waitFor();
    await b.locator("[data-desk-unread][data-unread='1']").waitFor({ state: "attached" });
    await streamB.click();
    await chatB.locator(".chat-log li", { hasText: "see https://example.com/scale" }).waitFor();
    await b.locator("[data-desk-unread][data-unread='0']").waitFor({ state: "attached" });
    expect(await streamB.locator(".badge-info").count()).toBe(0);

    // typing: shown in the user's window, gone 8 s after the last signal
    const typing = chatA.locator(".chat-typing");
    await chatB.getByLabel("Message", { exact: true }).pressSequentially("Looking");
    await typing.getByText("Super Demo is typing…").waitFor();
    await advance(a, 7_999);
    expect(await typing.textContent()).toBe("Super Demo is typing…");
    await advance(a, 1);
    await expect.poll(() => typing.textContent()).toBe("");

    await chatB.getByLabel("Message", { exact: true }).press("Enter");
    await chatA.locator(".chat-log li", { hasText: "Looking" }).waitFor();

    // typing again, then the message: the words go when it arrives
    await chatB.getByLabel("Message", { exact: true }).pressSequentially("Fixed");
    await typing.getByText("Super Demo is typing…").waitFor();
    await chatB.getByRole("button", { name: "Send" }).click();
    await chatA.locator(".chat-log li", { hasText: "Fixed" }).waitFor();
    await expect.poll(() => typing.textContent()).toBe("");
  }, 120_000);
});
