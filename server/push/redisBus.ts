/**
 * A bus across server instances through Redis pub/sub (PUSH_REDIS_URL). Each instance delivers its own
 * messages locally at once (same order and latency as the local bus) and publishes them on one Redis
 * channel; messages from other instances arrive through a subscriber connection. The hub of every
 * instance then serves its own connections, so an event reaches a tenant's clients wherever they are
 * connected, and a sign-out closes the user's connections on every instance.
 */
import { createClient } from "@redis/client";
import type { BusListener, BusMessage, PushBus } from "./bus.ts";
import { withTimeout } from "../timeout.ts";

const CHANNEL = "abattoir:push";
type Client = ReturnType<
  typeof createClient<Record<never, never>, Record<never, never>, Record<never, never>, 3>
>;
const CONNECT_TIMEOUT_MS = 5_000;
const PUBLISH_WAIT_MS = 2_000;
const SYNC_WAIT_MS = 1_000;

/** A message of the app, or a probe sent by `probe()` (every instance but the sender ignores it). */
type Envelope = { from: string; message: BusMessage; probe?: undefined } | { from: string; probe: string };

export class RedisBus implements PushBus {
  readonly instanceId = crypto.randomUUID();
  #listeners = new Set<BusListener>();
  /** probes sent and not back yet: id → resolve */
  #probes = new Map<string, () => void>();

  private constructor(
    private readonly publisher: Client,
    private readonly subscriber: Client,
    /** the Redis URL without its password */
    private readonly where: string,
  ) {}

  /** Connects both connections or fails (a configured bus that cannot be reached is a startup error). */
  static async connect(url: string): Promise<RedisBus> {
    let started = false;
    const publisher: Client = createClient({
      url,
      RESP: 3,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        // fail fast at startup; once running, keep trying with a capped back-off
        reconnectStrategy: (retries: number) =>
          started ? Math.min(200 * (retries + 1), 5_000) : new Error("not reachable"),
      },
    });
    const subscriber = publisher.duplicate();
    // without a listener an error event would end the process; node-redis reconnects by itself
    for (const client of [publisher, subscriber]) {
      client.on("error", (err: Error) => console.error(`push bus (redis): ${err.message}`));
    }
    const bus = new RedisBus(publisher, subscriber, redact(url));
    // back after an outage: messages of the gap are lost, so what they keep fresh is dropped
    subscriber.on("ready", () => started && bus.#deliver({ kind: "resync" }));
    try {
      await withTimeout(Promise.all([publisher.connect(), subscriber.connect()]), CONNECT_TIMEOUT_MS);
      await subscriber.subscribe(CHANNEL, (raw: string) => bus.#received(raw));
      started = true;
    } catch (err) {
      await bus.close();
      throw new Error(`PUSH_REDIS_URL: cannot use Redis at ${redact(url)}: ${(err as Error).message}`);
    }
    return bus;
  }

  /**
   * A PING on the subscriber connection: Redis answers it after every message it queued to this
   * instance before, and node-redis hands those to the listeners before resolving the PING. A writer
   * awaits its PUBLISH before answering, so a request that follows a change sees it here: one Redis
   * round trip per signed-in request instead of a database read.
   */
  async sync(): Promise<boolean> {
    if (!this.subscriber.isReady) return false;
    try {
      await withTimeout(this.subscriber.ping(), SYNC_WAIT_MS);
      return true;
    } catch {
      return false;
    }
  }

  async publish(message: BusMessage): Promise<void> {
    this.#deliver(message);
    try {
      // callers await this (an ended session must be known everywhere before the answer), but while
      // Redis is away node-redis queues the message: send it when back rather than hold the request
      await withTimeout(
        this.publisher.publish(
          CHANNEL,
          JSON.stringify({ from: this.instanceId, message } satisfies Envelope),
        ),
        PUBLISH_WAIT_MS,
      );
    } catch (err) {
      // this instance has it; the others get it once Redis is back (and empty their memory then)
      console.error(`push bus (redis): publish failed: ${(err as Error).message}`);
    }
  }

  /**
   * A probe published on the channel and heard back on this instance's subscriber connection: Redis is
   * up both ways. Answers where Redis is; throws when it is not connected or the probe is not back in time.
   */
  async probe(timeoutMs: number): Promise<string> {
    if (!this.publisher.isReady || !this.subscriber.isReady) {
      throw new Error(`Redis at ${this.where} is not connected`);
    }
    const id = crypto.randomUUID();
    const back = new Promise<void>((resolve) => this.#probes.set(id, resolve));
    try {
      await withTimeout(
        this.publisher.publish(
          CHANNEL,
          JSON.stringify({ from: this.instanceId, probe: id } satisfies Envelope),
        )
          .then(() => back),
        timeoutMs,
      );
    } finally {
      this.#probes.delete(id);
    }
    return this.where;
  }

  subscribe(listener: BusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    // a connection that is down (Redis stopped) would keep its queued publishes, and a graceful close
    // would wait for them for ever: that one is dropped at once
    await Promise.allSettled(
      [this.subscriber, this.publisher].map((c) => c.isReady ? c.close() : Promise.resolve(c.destroy())),
    );
  }

  #received(raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw);
    } catch {
      return console.error("push bus (redis): an unreadable message was ignored");
    }
    if (envelope.probe !== undefined) this.#probes.get(envelope.probe)?.();
    else if (envelope.from !== this.instanceId) this.#deliver(envelope.message);
  }

  #deliver(message: BusMessage) {
    for (const listener of this.#listeners) listener(message);
  }
}

/** The URL without its password, for messages. */
function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.href;
  } catch {
    return "(invalid URL)";
  }
}
