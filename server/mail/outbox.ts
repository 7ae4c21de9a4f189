/**
 * What would have gone out with no mail server or SMS gateway configured (development, a demo): kept in
 * memory, newest last, for the super user's Outbox page. The log says only that a message was kept there
 * and for whom: never its text, which may hold a sign-in link or a code (issue 35 §10c).
 */
export const OUTBOX_SIZE = 100;

export class Outbox<T extends { to: string }> {
  readonly #items: (T & { at: string })[] = [];

  /** `kind` names the message in the log ("a mail"), `unset` the setting that would send it ("SMTP_URL"). */
  constructor(private readonly kind: string, private readonly unset: string) {}

  get items(): readonly (T & { at: string })[] {
    return this.#items;
  }

  add(item: T) {
    this.#items.push({ ...item, at: new Date().toISOString() });
    if (this.#items.length > OUTBOX_SIZE) this.#items.shift();
    console.info(`${this.kind} to ${item.to} was kept in the Outbox (${this.unset} is not set)`);
  }
}
