/**
 * Text messages (issue 19 §5: phone codes, reset links by phone): one sender for the app. With SMS_URL set,
 * each message is POSTed as JSON `{to, message}` to that HTTP gateway (with `Authorization: Bearer
 * SMS_TOKEN` when a token is set) — the shape most SMS providers' HTTP APIs take or a small relay adapts
 * to. Without it, messages go to the log and the outbox, as mail does.
 */
import { Outbox } from "./outbox.ts";

export interface Sms {
  /** international format, +61… */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
  /** the last messages with no gateway configured (newest last); empty with one */
  readonly outbox: readonly (Sms & { at: string })[];
}

export function createSmsSender(config: { SMS_URL: string; SMS_TOKEN: string }): SmsSender {
  if (!config.SMS_URL) {
    const outbox = new Outbox<Sms>("sms");
    return {
      get outbox() {
        return outbox.items;
      },
      send(sms) {
        outbox.add(sms, sms.text);
        return Promise.resolve();
      },
    };
  }
  return {
    outbox: [],
    async send(sms) {
      const res = await fetch(config.SMS_URL, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.SMS_TOKEN ? { authorization: `Bearer ${config.SMS_TOKEN}` } : {}),
        },
        body: JSON.stringify({ to: sms.to.replace(/\s+/g, ""), message: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
