/**
 * Failed sign-ins are counted per account and per IP address in a sliding window. Counting only failures
 * keeps a busy plant (many users behind one NAT address) from locking itself out while still stopping
 * password guessing. In memory: one server process; a restart forgets the counts.
 */
export class LoginRateLimiter {
  #hits = new Map<string, number[]>();

  constructor(
    private readonly limits = { perAccount: 5, perIp: 30, windowMs: 15 * 60_000 },
  ) {}

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(email: string, ip: string, now = Date.now()): number {
    const account = this.#recent(`a:${email}`, now);
    const address = this.#recent(`i:${ip}`, now);
    const blockedBy = [
      account.length >= this.limits.perAccount ? account : null,
      address.length >= this.limits.perIp ? address : null,
    ].filter((x): x is number[] => x !== null);
    if (!blockedBy.length) return 0;
    const until = Math.max(...blockedBy.map((hits) => hits[0] + this.limits.windowMs));
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  recordFailure(email: string, ip: string, now = Date.now()) {
    for (const key of [`a:${email}`, `i:${ip}`]) this.#hits.set(key, [...this.#recent(key, now), now]);
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  recordSuccess(email: string) {
    this.#hits.delete(`a:${email}`);
  }

  #recent(key: string, now: number): number[] {
    const hits = (this.#hits.get(key) ?? []).filter((t) => now - t < this.limits.windowMs);
    if (hits.length) this.#hits.set(key, hits);
    else this.#hits.delete(key);
    return hits;
  }
}
