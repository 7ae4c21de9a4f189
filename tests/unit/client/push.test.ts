import { hasDom, jsonResponse } from "./dom.ts"; // first: installs the DOM
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { PUSH_TIMINGS, PushClient } from "../../../client/runtime/push.ts";
import { apiConfig, apiPost } from "../../../client/runtime/api.ts";

const RS = "\u001e";

/** A WebSocket the test plays the server side of. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    for (const part of text.split(RS)) if (part) this.sent.push(JSON.parse(part));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  /** opens and answers the handshake */
  accept() {
    this.onopen?.();
    this.receive({});
  }
  receive(record: unknown) {
    this.onmessage?.({ data: JSON.stringify(record) + RS });
  }
  invocations() {
    return this.sent.filter((r) => r.type === 1);
  }
  complete(result: unknown) {
    for (const r of this.invocations()) this.receive({ type: 3, invocationId: r.invocationId, result });
  }
  refuse(error: string) {
    for (const r of this.invocations()) this.receive({ type: 3, invocationId: r.invocationId, error });
  }
}

let calls: string[];
let negotiateStatus: number;
let navigated: string[];
let reloads: number;
const client = () =>
  new PushClient("/hubs/userHub", {
    navigate: (url) => navigated.push(url),
    reload: () => reloads++,
    fetch: (url) => {
      calls.push(url);
      if (url.includes("negotiate")) {
        return Promise.resolve(
          negotiateStatus === 200
            ? jsonResponse({ connectionId: "c", connectionToken: `t${calls.length}` })
            : jsonResponse({ title: "x" }, negotiateStatus),
        );
      }
      return Promise.resolve(jsonResponse({}));
    },
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
  });
const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const settle = () => vi.advanceTimersByTimeAsync(0);

describe.skipIf(!hasDom)("browser push client", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    FakeSocket.all = [];
    calls = [];
    navigated = [];
    reloads = 0;
    negotiateStatus = 200;
  });
  afterEach(() => vi.useRealTimers());

  test("invocations made while disconnected are queued without duplicates and sent on connect", async () => {
    const push = client();
    const a = push.invoke("WhoIsOnline");
    const b = push.invoke("whoisonline");
    const c = push.invoke("Other", 2);
    void push.register("Deliveries");
    void push.register("Deliveries");
    push.start();
    await settle();
    expect(last().url).toContain("/hubs/userHub?id=t1");
    last().accept();
    await settle();
    expect(last().sent[0]).toEqual({ protocol: "json", version: 1 });
    expect(last().invocations().map((r) => [r.target, r.arguments])).toEqual([
      ["RegisterRefreshInterests", [["Deliveries"]]],
      ["WhoIsOnline", []],
      ["Other", [2]],
    ]);
    last().complete("answer");
    expect(await a).toBe("answer");
    expect(await b).toBe("answer");
    expect(await c).toBe("answer");
    push.stop();
  });

  test("after a close it retries in 5 s, refreshes the token, re-registers interests and fires reconnected", async () => {
    const push = client();
    push.start();
    await settle();
    last().accept();
    await settle();
    void push.register("Invoices");
    const reconnected = vi.fn();
    push.on("reconnected", reconnected);
    const states: unknown[] = [];
    push.on("state", (s) => states.push(s));

    last().close();
    expect(push.state).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.retryAfterCloseMs - 100);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all).toHaveLength(2);
    last().accept();
    await settle();
    expect(states).toEqual(["disconnected", "connecting", "connected"]);
    expect(last().invocations()).toEqual([
      expect.objectContaining({ target: "RegisterRefreshInterests", arguments: [["Invoices"]] }),
    ]);
    expect(calls.filter((u) => u === "/login/refreshtoken")).toHaveLength(1);
    expect(reconnected).toHaveBeenCalledTimes(1);
    push.stop();
  });

  test("a refused registration is forgotten: a reconnect asks only for the groups the hub accepted", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const push = client();
    push.start();
    await settle();
    last().accept();
    await settle();
    const refused = push.register("Stockyard:1", "Invoices");
    await settle();
    last().refuse("Not permitted: 'Invoices' needs the invoices module.");
    expect(await refused).toBeNull();
    const accepted = push.register("Stockyard:1");
    await settle();
    last().sent.length = 0;
    last().close();
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.retryAfterCloseMs);
    last().accept();
    await settle();
    expect(last().invocations()).toEqual([
      expect.objectContaining({ target: "RegisterRefreshInterests", arguments: [["Stockyard:1"]] }),
    ]);
    void accepted;
    warn.mockRestore();
    push.stop();
  });

  test("a failed start retries in 10 s; a 401 signs out", async () => {
    negotiateStatus = 500;
    const push = client();
    push.start();
    await settle();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.retryAfterFailedStartMs - 100);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(2);
    negotiateStatus = 401;
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.retryAfterFailedStartMs);
    expect(navigated).toEqual(["/logout"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3); // stopped: no more attempts
  });

  test("it pings every 15 s and drops a server silent for 30 s", async () => {
    const push = client();
    push.start();
    await settle();
    last().accept();
    await settle();
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.keepAliveMs);
    expect(last().sent.filter((r) => r.type === 6)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PUSH_TIMINGS.keepAliveMs * 2);
    expect(last().closed).toBe(true);
    expect(push.state).toBe("disconnected");
    push.stop();
  });

  test("events reach listeners; forceTotalLogout signs out with the reason for the sign-in page", async () => {
    const push = client();
    push.installDefaults();
    const seen = vi.fn();
    push.on("supplierAddedOrUpdated", seen);
    push.start();
    await settle();
    last().accept();
    await settle();
    last().receive({ type: 1, target: "supplierAddedOrUpdated", arguments: [{ supplierId: 4 }] });
    expect(seen).toHaveBeenCalledWith({ supplierId: 4 });
    last().receive({ type: 1, target: "forceTotalLogout", arguments: [{ reason: "Maintenance" }] });
    expect(navigated).toEqual(["/logout"]);
    expect(JSON.parse(sessionStorage.getItem("flash")!)).toEqual({ kind: "warning", message: "Maintenance" });
    expect(last().closed).toBe(true);
  });

  test("registrations carry the page's render time, queued or not, so the hub can tell what was missed", async () => {
    const push = new PushClient("/hubs/userHub", {
      fetch: () => Promise.resolve(jsonResponse({ connectionId: "c", connectionToken: "t" })),
      WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    }, 1_764_000_000_000);
    const missed = vi.fn();
    push.on("missed", missed);
    void push.register("Invoices");
    push.start();
    await settle();
    last().accept();
    await settle();
    void push.register("Deliveries");
    expect(last().invocations().map((r) => r.arguments)).toEqual([
      [["Invoices"], 1_764_000_000_000],
      [["Deliveries"], 1_764_000_000_000],
    ]);
    last().receive({ type: 1, target: "missed", arguments: [{ groups: ["Invoices"] }] });
    expect(missed).toHaveBeenCalledWith({ groups: ["Invoices"] });
    push.stop();
  });

  test("a flag change reloads the page, after this page's own save has settled and only if it stayed", async () => {
    const push = client();
    push.installDefaults();
    push.start();
    await settle();
    last().accept();
    await settle();
    const flagChanged = () => last().receive({ type: 1, target: "featureFlagUpdated", arguments: [] });
    flagChanged();
    expect(reloads).toBe(1);

    // a save in flight (its answer comes after the push): the reload waits for it
    const realFetch = apiConfig.fetch;
    const navigation = new EventTarget();
    Object.assign(globalThis, { navigation });
    try {
      for (const navigatesAway of [false, true]) {
        let answer!: (r: Response) => void;
        apiConfig.fetch = () => new Promise<Response>((resolve) => (answer = resolve));
        const saved = apiPost("/api/anything", { on: false }).then(() => {
          if (navigatesAway) navigation.dispatchEvent(new Event("navigate")); // e.g. the island reloads itself
        });
        expect(document.documentElement.hasAttribute("data-saving")).toBe(true);
        const before = reloads;
        flagChanged();
        await settle();
        expect(reloads).toBe(before);
        answer(jsonResponse({}));
        await saved;
        expect(document.documentElement.hasAttribute("data-saving")).toBe(false);
        await settle();
        expect(reloads).toBe(navigatesAway ? before : before + 1);
      }
    } finally {
      apiConfig.fetch = realFetch;
      delete (globalThis as { navigation?: unknown }).navigation;
    }
    push.stop();
  });
});
