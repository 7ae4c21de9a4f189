import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { hashSecret } from "./tokens.ts";
import type { LoginLimitChange, PushBus } from "../push/bus.ts";

/**
 * Sign-in throttling that slows password guessing without locking the owner out (docs/decisions.md):
 * - an (account, address) pair has 3 free failures, then waits 1 s, 2 s, 4 s … up to 15 minutes between
 *   tries, whatever the password (the wait must not tell a right guess from a wrong one); a success
 *   clears the pair;
 * - an address with 30 failures in 15 minutes (a guesser, or a plant of many users behind one NAT) only
 *   makes its pairs wait from their first failure: an account that has not failed there is never held up;
 * - an account with 30 failures in an hour, from anywhere, takes sign-ins only from devices it signed in
 *   on before (the device cookie) until the hour has passed; a known device still waits at its pair.
 * In memory, kept alike on every instance: each failure, success and remembered device is told to the
 * others through the push bus (`shareLoginLimits`), so a guesser gains nothing by spreading tries over
 * the instances behind a load balancer. A restart forgets the counts and the devices.
 */
export const LOGIN_LIMITS = {
  freeFailures: 3,
  /** free failures per pair while its address is busy */
  busyFreeFailures: 1,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** a pair's failures are forgotten this long after its last one (longer than the longest wait) */
  pairMemoryMs: 24 * 3_600_000,
  busyAddressFailures: 30,
  addressWindowMs: 15 * 60_000,
  accountCap: 30,
  accountWindowMs: 60 * 60_000,
  deviceLifeMs: 180 * 86_400_000,
  accountsPerDevice: 20,
  /** per map: the least recently used entries go first (each failure costs an argon2 hash to make) */
  maxEntries: 100_000,
};

type Limits = typeof LOGIN_LIMITS;

export class LoginRateLimiter {
  /** The time source (ms); tests replace it instead of sleeping. */
  clock: () => number = () => Date.now();
  #pairs = new Map<string, { failures: number; last: number }>();
  /** the latest failure times, at most as many as a limit needs */
  #addresses = new Map<string, number[]>();
  #accounts = new Map<string, number[]>();
  /** SHA-256 of a device token → the accounts signed in on it, with when */
  #devices = new Map<string, Map<string, number>>();

  /** Tells the other instances what changed here (set by `shareLoginLimits`). */
  tell: ((change: LoginLimitChange) => void) | null = null;

  constructor(private readonly limits: Limits = LOGIN_LIMITS) {}

  /** A change told by another instance, made here as it was made there. */
  apply(change: LoginLimitChange) {
    if (change.outcome === "failure") this.#fail(change.email, change.ip, change.at);
    else if (change.outcome === "success") this.#pairs.delete(pairKey(change.email, change.ip));
    else if (change.outcome === "device") this.#bindDevice(change.email, change.device, change.at);
  }

  /**
   * Seconds this attempt must wait, or 0 when it may go ahead. A known device of the account skips
   * the account's cap, not the pair's wait.
   */
  retryAfter(email: string, ip: string, knownDevice = false, now = this.clock()): number {
    const waits = [this.#pairWait(email, ip, now)];
    if (!knownDevice) waits.push(this.#accountWait(email, now));
    const ms = Math.max(...waits);
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  recordFailure(email: string, ip: string, now = this.clock()) {
    this.#fail(email, ip, now);
    this.tell?.({ outcome: "failure", email, ip, at: now });
  }

  #fail(email: string, ip: string, now: number) {
    const key = pairKey(email, ip);
    const pair = this.#livePair(key, now);
    this.#touch(this.#pairs, key, { failures: (pair?.failures ?? 0) + 1, last: now });
    this.#push(this.#addresses, ip, now, this.limits.busyAddressFailures);
    this.#push(this.#accounts, email, now, this.limits.accountCap);
  }

  /** A success clears its pair; the account's and the address's counts stay (an attack may go on). */
  recordSuccess(email: string, ip: string) {
    this.#pairs.delete(pairKey(email, ip));
    this.tell?.({ outcome: "success", email, ip, at: this.clock() });
  }

  isKnownDevice(email: string, token: string | null | undefined, now = this.clock()): boolean {
    if (!token || token.length > 64) return false;
    const seen = this.#devices.get(hashSecret(token))?.get(email);
    return seen !== undefined && now - seen < this.limits.deviceLifeMs;
  }

  /**
   * After a successful sign-in: binds the account to the device token the browser brought, when it is
   * one of ours (a shared plant PC keeps one cookie for all its users), else to a new token. Answers
   * the token for the device cookie.
   */
  rememberDevice(email: string, token: string | null | undefined, now = this.clock()): string {
    let hash = token && token.length <= 64 ? hashSecret(token) : null;
    if (!hash || !this.#devices.has(hash)) {
      token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
      hash = hashSecret(token);
    }
    this.#bindDevice(email, hash, now);
    this.tell?.({ outcome: "device", email, device: hash, at: now });
    return token!;
  }

  #bindDevice(email: string, hash: string, now: number) {
    const accounts = this.#devices.get(hash) ?? new Map<string, number>();
    this.#touch(accounts, email, now, this.limits.accountsPerDevice);
    this.#touch(this.#devices, hash, accounts);
  }

  #pairWait(email: string, ip: string, now: number): number {
    const pair = this.#livePair(pairKey(email, ip), now);
    if (!pair) return 0;
    const free = this.#isBusy(ip, now) ? this.limits.busyFreeFailures : this.limits.freeFailures;
    if (pair.failures < free) return 0;
    const delay = Math.min(this.limits.baseDelayMs * 2 ** (pair.failures - free), this.limits.maxDelayMs);
    return pair.last + delay - now;
  }

  #accountWait(email: string, now: number): number {
    const hits = this.#recent(this.#accounts, email, this.limits.accountWindowMs, now);
    if (hits.length < this.limits.accountCap) return 0;
    return hits[hits.length - this.limits.accountCap] + this.limits.accountWindowMs - now;
  }

  #isBusy(ip: string, now: number): boolean {
    return this.#recent(this.#addresses, ip, this.limits.addressWindowMs, now).length >=
      this.limits.busyAddressFailures;
  }

  #livePair(key: string, now: number) {
    const pair = this.#pairs.get(key);
    if (pair && now - pair.last >= this.limits.pairMemoryMs) {
      this.#pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  #recent(map: Map<string, number[]>, key: string, windowMs: number, now: number): number[] {
    const hits = (map.get(key) ?? []).filter((t) => now - t < windowMs);
    if (!hits.length) map.delete(key);
    return hits;
  }

  #push(map: Map<string, number[]>, key: string, now: number, keep: number) {
    this.#touch(map, key, [...(map.get(key) ?? []), now].slice(-keep));
  }

  /** Sets a value as the most recently used and drops the least recently used over the bound. */
  #touch<V>(map: Map<string, V>, key: string, value: V, bound = this.limits.maxEntries) {
    map.delete(key);
    map.set(key, value);
    for (const oldest of map.keys()) {
      if (map.size <= bound) break;
      map.delete(oldest);
    }
  }
}

/**
 * Keeps `limiter` alike on every instance through the bus: what changes here is published, and what the
 * others publish is made here (an instance's own messages come back to it and are skipped).
 */
export function shareLoginLimits(limiter: LoginRateLimiter, bus: PushBus): () => void {
  const from = crypto.randomUUID();
  limiter.tell = (change) => void bus.publish({ kind: "loginLimits", from, change }).catch(() => {});
  return bus.subscribe((m) => {
    if (m.kind === "loginLimits" && m.from !== from) limiter.apply(m.change);
  });
}

const pairKey = (email: string, ip: string) => `${ip}\u0000${email}`;
