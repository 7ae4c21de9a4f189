/** Clients of the push hub for tests and benchmarks: the official SignalR client, and a raw socket. */
import { type HubConnection, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";

export const HUB_RECONNECT_DELAYS = [0, 2000, 10000, 30000];

/** The official client, as API clients build it (bearer token, automatic reconnect 0/2/10/30 s). */
export function hubClient(origin: string, token?: string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/userHub`, token ? { accessTokenFactory: () => token } : {})
    .withAutomaticReconnect(HUB_RECONNECT_DELAYS)
    .configureLogging(LogLevel.None)
    .build();
}

/** Resolves with the first payload of `event`, or rejects after `ms`. */
export function nextEvent<T = unknown>(conn: HubConnection, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      conn.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      clearTimeout(timer);
      conn.off(event, handler);
      resolve(payload);
    };
    conn.on(event, handler);
  });
}

/** Everything a connection receives, by event name, for "nothing else arrived" checks. */
export function recordEvents(conn: HubConnection, events: string[]): { name: string; payload: unknown }[] {
  const seen: { name: string; payload: unknown }[] = [];
  for (const name of events) conn.on(name, (payload: unknown) => seen.push({ name, payload }));
  return seen;
}

/**
 * A bare WebSocket speaking the protocol by hand, to check records the official client hides
 * (pings, close records, handshake errors). `records` holds every parsed record received.
 */
export class RawHubSocket {
  readonly records: Record<string, unknown>[] = [];
  closed = false;
  #waiters: (() => void)[] = [];
  #opened: Promise<void>;

  constructor(readonly socket: WebSocket) {
    socket.onmessage = (e) => {
      for (const part of String(e.data).split("\u001e")) if (part) this.records.push(JSON.parse(part));
      this.#wake();
    };
    socket.onclose = () => {
      this.closed = true;
      this.#wake();
    };
    this.#opened = new Promise((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error("socket failed to open"));
    });
  }

  /** Negotiates with the token, then opens the socket with ?access_token= as browsers do. */
  static async open(origin: string, token: string, opts: { handshake?: boolean } = {}) {
    const res = await fetch(`${origin}/hubs/userHub/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`negotiate ${res.status}`);
    const { connectionToken } = await res.json();
    const url = `${origin.replace(/^http/, "ws")}/hubs/userHub?id=${connectionToken}&access_token=${
      encodeURIComponent(token)
    }`;
    const raw = new RawHubSocket(new WebSocket(url));
    await raw.#opened;
    if (opts.handshake !== false) {
      raw.send({ protocol: "json", version: 1 });
      await raw.next((r) => Object.keys(r).length === 0);
    }
    return raw;
  }

  send(record: unknown) {
    this.socket.send(JSON.stringify(record) + "\u001e");
  }

  sendText(text: string) {
    this.socket.send(text);
  }

  /** The first record (from `from` on) matching, waiting up to `ms`. */
  async next(match: (r: Record<string, unknown>) => boolean, ms = 3000, from = 0) {
    const deadline = Date.now() + ms;
    while (true) {
      const found = this.records.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed; records: ${JSON.stringify(this.records)}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no matching record in ${ms} ms; records: ${JSON.stringify(this.records)}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  async waitClosed(ms = 3000) {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket did not close");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    if (!this.closed) this.socket.close();
  }

  #wake() {
    const waiters = this.#waiters.splice(0);
    for (const w of waiters) w();
  }
}
