/**
 * The browser's push client: a small SignalR JSON-protocol client over WebSockets for /hubs/userHub
 * (the server offers WebSockets only), instead of @microsoft/signalr's 14 KB gzipped bundle
 * (docs/decisions.md). One instance per page, shared by shell.js, islands and display pages.
 *
 * Behaviour (spec 2 §4 "Server-push connection", §9):
 * - connects when signed in (the session cookie authenticates; no token in script);
 * - after a close it retries in 5 s, after a failed start in 10 s; a 401 at negotiate signs out;
 * - pings every 15 s and treats 30 s of silence as a lost connection;
 * - after a reconnect it refreshes the session token, re-registers the refresh interests and fires
 *   `reconnected` to local listeners;
 * - invocations made while disconnected are queued without duplicates and sent on connect;
 * - registrations carry when the page was rendered (`<meta name="push-hub" data-since>`), and the hub tells
 *   the page with `missed` which of them had events since (server/push/changeLog.ts);
 * - forceTotalLogout signs out; forceRefresh and featureFlagUpdated reload the page unless a form
 *   holds unsaved changes (`[data-dirty]`), which gets a toast instead; while a save is in flight
 *   (`[data-saving]`, api.ts) the reload waits for it and is dropped if the island then leaves the page.
 */
import { toast } from "./toast.ts";

const RS = "\u001e";
export const PUSH_TIMINGS = {
  retryAfterCloseMs: 5_000,
  retryAfterFailedStartMs: 10_000,
  keepAliveMs: 15_000,
  serverTimeoutMs: 30_000,
};

export type PushState = "disconnected" | "connecting" | "connected";
type Handler = (payload: unknown) => void;

/** The browser parts the client uses; tests pass their own. */
export interface PushEnvironment {
  navigate?: (url: string) => void;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  WebSocket?: new (url: string) => WebSocket;
  reload?: () => void;
}
interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The hub answered an invocation with an error (as opposed to the connection failing). */
class HubRefusal extends Error {}

/**
 * (Its own members are `#private`: the browser build targets ES2022, where they are native, so esbuild
 * shortens their names as it does a local's; `private _name` kept the whole name in every access.)
 */
export class PushClient {
  state: PushState = "disconnected";
  #socket: WebSocket | null = null;
  #stopped = true;
  #everConnected = false;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #keepAlive: ReturnType<typeof setInterval> | undefined;
  #lastReceived = 0;
  #nextId = 1;
  #handlers = new Map<string, Set<Handler>>();
  #pending = new Map<string, Pending>();
  /** disconnected invocations by key target+arguments: a repeat joins the queued one */
  #queue = new Map<string, { target: string; args: unknown[]; waiters: Pending[] }>();
  #interests = new Set<string>();
  #defaultsInstalled = false;

  readonly hubPath: string;
  #env: Required<PushEnvironment>;

  /** registrations carry when the page was rendered, if known: the hub then tells of events missed since */
  #since: number[];

  constructor(hubPath: string, env: PushEnvironment = {}, since?: number) {
    this.hubPath = hubPath;
    this.#since = since ? [since] : [];
    this.#env = {
      navigate: (url) => location.assign(url),
      fetch: (url, init) => fetch(url, init),
      WebSocket: globalThis.WebSocket,
      reload: () => location.reload(),
      ...env,
    };
  }

  /** Starts (or keeps) the connection. */
  start() {
    if (!this.#stopped) return;
    this.#stopped = false;
    void this.#connect();
  }

  /** Disconnects for good (sign-out, page leaving). */
  stop() {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#socket?.close();
    this.#setState("disconnected");
  }

  /** Listens to a server event, or to `reconnected` / `state` fired here. Returns the unsubscriber. */
  on(event: string, handler: Handler): () => void {
    const key = event.toLowerCase();
    let set = this.#handlers.get(key);
    if (!set) this.#handlers.set(key, set = new Set());
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls a hub method and resolves with its result; queued while disconnected. */
  invoke<T = unknown>(target: string, ...args: unknown[]): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiter = { resolve: resolve as (v: unknown) => void, reject };
      if (this.state === "connected") return this.#send(target, args, waiter);
      const key = target.toLowerCase() + JSON.stringify(args);
      const queued = this.#queue.get(key);
      if (queued) queued.waiters.push(waiter);
      else this.#queue.set(key, { target, args, waiters: [waiter] });
    });
  }

  /**
   * Registers refresh interests for this page; kept across reconnects. Never rejects: a refusal (an
   * unknown group, a module the user lacks) is logged as a warning (spec 2 §8) and resolves null, and
   * the refused groups are forgotten, so a reconnect does not ask for them again (the hub refuses a whole
   * registration when one of its groups is refused).
   */
  async register(...groups: string[]): Promise<string[] | null> {
    for (const g of groups) this.#interests.add(g);
    try {
      return await this.invoke<string[]>("RegisterRefreshInterests", groups, ...this.#since);
    } catch (err) {
      console.warn(`push RegisterRefreshInterests(${groups.join(", ")}): ${(err as Error).message}`);
      // refused by the hub: forget them; a lost connection keeps them for the reconnect
      if (err instanceof HubRefusal) { for (const g of groups) this.#interests.delete(g); }
      return null;
    }
  }

  deregister(...groups: string[]): Promise<string[] | null> {
    for (const g of groups) this.#interests.delete(g);
    return this.#interestCall("DeregisterRefreshInterests", groups);
  }

  #interestCall(target: string, groups: string[]): Promise<string[] | null> {
    return this.invoke<string[]>(target, groups).catch((err: Error) => {
      console.warn(`push ${target}(${groups.join(", ")}): ${err.message}`);
      return null;
    });
  }

  async #connect() {
    if (this.#stopped) return;
    this.#setState("connecting");
    try {
      const res = await this.#env.fetch(`${this.hubPath}/negotiate?negotiateVersion=1`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (res.status === 401) return this.#signOut();
      if (!res.ok) throw new Error(`negotiate ${res.status}`);
      const { connectionToken, connectionId } = await res.json();
      const url = new URL(this.hubPath, location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      url.searchParams.set("id", connectionToken ?? connectionId);
      await this.#open(url.href);
    } catch {
      this.#socket = null;
      this.#setState("disconnected");
      this.#schedule(PUSH_TIMINGS.retryAfterFailedStartMs);
      return;
    }
    const reconnect = this.#everConnected;
    this.#everConnected = true;
    this.#setState("connected");
    this.#keepAlive = setInterval(() => this.#checkAlive(), PUSH_TIMINGS.keepAliveMs);
    // one registration of every interest replaces queued (de)registrations: a new connection has none
    const queued = [...this.#queue.values()];
    this.#queue.clear();
    const interestCalls = queued.filter((q) => /^(de)?registerrefreshinterests?$/i.test(q.target));
    if (this.#interests.size || interestCalls.length) {
      this.#send(
        "RegisterRefreshInterests",
        [[...this.#interests], ...this.#since],
        all(interestCalls.flatMap((q) => q.waiters)),
      );
    }
    for (const q of queued) if (!interestCalls.includes(q)) this.#send(q.target, q.args, all(q.waiters));
    if (reconnect) {
      await this.#env.fetch("/login/refreshtoken", { credentials: "same-origin" }).catch(() => {});
      this.#emit("reconnected", null);
    }
  }

  /** Opens the socket and completes the handshake, or throws. */
  #open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new this.#env.WebSocket(url);
      this.#socket = socket;
      let buffer = "";
      let handshaken = false;
      const fail = () => {
        if (!handshaken) reject(new Error("handshake failed"));
      };
      const timer = setTimeout(() => (fail(), socket.close()), PUSH_TIMINGS.serverTimeoutMs);
      socket.onopen = () => socket.send(JSON.stringify({ protocol: "json", version: 1 }) + RS);
      socket.onerror = fail;
      socket.onclose = () => {
        clearTimeout(timer);
        fail();
        if (handshaken) this.#closed(socket);
      };
      socket.onmessage = (e) => {
        this.#lastReceived = Date.now();
        const parts = (buffer + String(e.data)).split(RS);
        buffer = parts.pop() ?? "";
        for (const part of parts) {
          const record = JSON.parse(part);
          if (!handshaken) {
            clearTimeout(timer);
            if (record.error) return reject(new Error(record.error));
            handshaken = true;
            resolve();
          } else this.#receive(record);
        }
      };
    });
  }

  #receive(
    record: {
      type: number;
      target?: string;
      arguments?: unknown[];
      invocationId?: string;
      result?: unknown;
      error?: string;
    },
  ) {
    if (record.type === 1 && record.target) this.#emit(record.target, record.arguments?.[0]);
    else if (record.type === 3 && record.invocationId) {
      const waiter = this.#pending.get(record.invocationId);
      this.#pending.delete(record.invocationId);
      if (record.error !== undefined) waiter?.reject(new HubRefusal(record.error));
      else waiter?.resolve(record.result);
    }
    // 6 ping: only keeps us alive; 7 close: the socket's close follows
  }

  #send(target: string, args: unknown[], waiter: Pending) {
    const invocationId = String(this.#nextId++);
    this.#pending.set(invocationId, waiter);
    this.#socket!.send(JSON.stringify({ type: 1, invocationId, target, arguments: args }) + RS);
  }

  #closed(socket: WebSocket) {
    if (socket !== this.#socket) return;
    this.#socket = null;
    clearInterval(this.#keepAlive);
    for (const w of this.#pending.values()) w.reject(new Error("The connection closed."));
    this.#pending.clear();
    this.#setState("disconnected");
    this.#schedule(PUSH_TIMINGS.retryAfterCloseMs);
  }

  #checkAlive() {
    if (Date.now() - this.#lastReceived > PUSH_TIMINGS.serverTimeoutMs) return this.#socket?.close();
    this.#socket?.send(JSON.stringify({ type: 6 }) + RS);
  }

  #schedule(ms: number) {
    clearTimeout(this.#retry);
    if (!this.#stopped) this.#retry = setTimeout(() => void this.#connect(), ms);
  }

  #setState(state: PushState) {
    if (this.state === state) return;
    this.state = state;
    this.#emit("state", state);
  }

  #emit(event: string, payload: unknown) {
    for (const h of this.#handlers.get(event.toLowerCase()) ?? []) {
      try {
        h(payload);
      } catch (err) {
        console.error(`push ${event}:`, err);
      }
    }
  }

  #signOut(reason?: string) {
    this.stop();
    if (reason) {
      try {
        sessionStorage.setItem("flash", JSON.stringify({ kind: "warning", message: reason }));
      } catch { /* storage off: the sign-in page shows no reason */ }
    }
    this.#env.navigate("/logout");
  }

  /** The page's default reactions to the tenant-wide events (once per page). */
  installDefaults() {
    if (this.#defaultsInstalled) return;
    this.#defaultsInstalled = true;
    this.on("forceTotalLogout", (p) => this.#signOut((p as { reason?: string } | undefined)?.reason));
    const reload = () => {
      if (document.querySelector("[data-dirty]")) {
        toast("info", "Data changed on the server. Save your changes, then reload the page.", "Refresh");
      } else if (document.documentElement.hasAttribute("data-saving")) {
        // this page's own save may be what changed (its answer can come after the push): let the island
        // finish (toast, redirect), then reload unless it has left the page meanwhile
        let left = 0;
        (globalThis as { navigation?: EventTarget }).navigation?.addEventListener("navigate", () => left++, {
          once: true,
        });
        document.addEventListener("saved", () => setTimeout(() => left || reload()), { once: true });
      } else this.#env.reload();
    };
    this.on("forceRefresh", reload);
    this.on("featureFlagUpdated", reload);
    const labels: Record<string, string> = {
      connected: "Live updates: on",
      connecting: "Live updates: reconnecting…",
      disconnected: "Live updates: off (retrying)",
    };
    this.on("state", (s) => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-push-status]")) {
        el.setAttribute("data-push-status", String(s));
        el.title = labels[String(s)];
      }
      document.documentElement.dataset.push = String(s);
    });
    addEventListener("pagehide", () => this.stop());
  }
}

/** One answer for every caller that queued the same invocation. */
function all(waiters: Pending[]): Pending {
  return {
    resolve: (v) => waiters.forEach((w) => w.resolve(v)),
    reject: (e) => waiters.forEach((w) => w.reject(e)),
  };
}

/** The page's one push client (shell.js starts it on signed-in pages; islands use it as is). */
const hub = typeof document === "undefined"
  ? null
  : document.querySelector<HTMLMetaElement>('meta[name="push-hub"]');
export const push = new PushClient(hub?.content || "/hubs/userHub", {}, Number(hub?.dataset.since));
