import { hasDom } from "./dom.ts"; // first: installs the DOM
import { afterEach, describe, expect, test, vi } from "vitest";
import { keepLive } from "../../../client/runtime/livePart.ts";
import type { PushClient } from "../../../client/runtime/push.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

describe.skipIf(!hasDom)("a live part of a page the user is working in", () => {
  test("is swapped while only read, and not under the user once a field in it changed", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<p id="status" data-live-part="part" data-live-groups="Deliveries"
      data-live-events="deliveryStatusUpdated"></p><div id="part"><p>old</p></div>`;
    const handlers = new Map<string, (payload?: unknown) => void>();
    const push = {
      on: (event: string, handler: (payload?: unknown) => void) => (handlers.set(event, handler), () => {}),
      register: () => Promise.resolve("Deliveries"),
    } as unknown as PushClient;
    let reads = 0;
    globalThis.fetch = () => {
      reads++;
      const page =
        `<html><body><div id="part"><label><input type="checkbox"> Order ${reads}</label></div></body></html>`;
      return Promise.resolve(new Response(page, { headers: { "content-type": "text/html" } }));
    };
    const status = document.getElementById("status")!;
    const part = document.getElementById("part")!;
    keepLive(status, push);

    handlers.get("deliveryStatusUpdated")!({});
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(1);
    expect(part.textContent).toContain("Order 1");

    // the user ticks a box: a later event leaves the part as it is and says newer figures wait
    part.querySelector("input")!.dispatchEvent(new Event("change", { bubbles: true }));
    handlers.get("deliveryStatusUpdated")!({});
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(1);
    expect(part.textContent).toContain("Order 1");
    expect(status.textContent).toContain("newer figures show when you save or reload");
  });
});
