/**
 * A bounded in-memory map for what every signed-in request needs (sessions, callers): least recently
 * used entries go first past `max`, and every entry ends after `ttlMs` whatever happens (a safety net
 * for an invalidation this instance missed).
 */
export class BoundedCache<K, V> {
  #entries = new Map<K, { value: V; until: number }>();
  #epoch = 0;

  constructor(readonly max: number, readonly ttlMs: number) {}

  /**
   * Counts every forget. A value read from the database is stored only when no forget happened since the
   * read began: a read that raced an invalidation may hold the data from before it.
   */
  get epoch() {
    return this.#epoch;
  }

  get size() {
    return this.#entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.until <= now) return undefined;
    this.#entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Stores `value` unless something was forgotten since `epoch` (read before the database read). */
  set(key: K, value: V, epoch: number, now = Date.now()) {
    if (epoch !== this.#epoch || this.ttlMs <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: now + this.ttlMs });
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets the given keys, or every entry `matches` accepts. */
  forget(keys: Iterable<K> | ((value: V, key: K) => boolean)) {
    this.#epoch++;
    if (typeof keys !== "function") {
      for (const key of keys) this.#entries.delete(key);
      return;
    }
    for (const [key, entry] of this.#entries) if (keys(entry.value, key)) this.#entries.delete(key);
  }

  clear() {
    this.#epoch++;
    this.#entries.clear();
  }
}
