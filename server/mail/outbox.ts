/**
 * What would have gone out with no mail server or SMS gateway configured (development, a demo): kept in
 * memory, newest last, for the super user's Outbox page, and written to the log: never silently dropped.
 */
export const OUTBOX_SIZE = 100;

export class Outbox<T extends { to: string }> {
  readonly #items: (T & { at: string })[] = [];

  constructor(private readonly kind: string) {}

  get items(): readonly (T & { at: string })[] {
    return this.#items;
  }

  add(item: T, summary: string) {
    this.#items.push({ ...item, at: new Date().toISOString() });
    if (this.#items.length > OUTBOX_SIZE) this.#items.shift();
    console.info(`[${this.kind}, not configured] to ${item.to}: ${summary}`);
  }
}
