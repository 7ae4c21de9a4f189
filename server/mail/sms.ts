/**
 * Text messages (issue 19 §5: phone codes, reset links by phone): one sender for the app. With SMS_URL set,
 * each message is POSTed as JSON `{to, message}` to that HTTP gateway (with `Authorization: Bearer
 * SMS_TOKEN` when a token is set) — the shape most SMS providers' HTTP APIs take or a small relay adapts
 * to. Without it, messages are kept in the outbox (the log says so, never their text), as mail is.
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
  /**
   * Whether the gateway answers, nothing sent (a HEAD request with the token): its address, or null when
   * there is none (texts go to the outbox). Throws when it does not answer, refuses the token or fails.
   */
  check(timeoutMs: number): Promise<string | null>;
}

export function createSmsSender(config: { SMS_URL: string; SMS_TOKEN: string }): SmsSender {
  if (!config.SMS_URL) {
    const outbox = new Outbox<Sms>("A text", "SMS_URL");
    return {
      get outbox() {
        return outbox.items;
      },
      send(sms) {
        outbox.add(sms);
        return Promise.resolve();
      },
      check: () => Promise.resolve(null),
    };
  }
  const auth: Record<string, string> = config.SMS_TOKEN
    ? { authorization: `Bearer ${config.SMS_TOKEN}` }
    : {};
  return {
    outbox: [],
    async check(timeoutMs) {
      const res = await fetch(config.SMS_URL, {
        method: "HEAD",
        headers: auth,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      // a gateway that takes only POST may answer 404 or 405 to a HEAD: it answered all the same
      if (res.status === 401 || res.status === 403) {
        throw new Error(`the gateway refused the token (HTTP ${res.status})`);
      }
      if (res.status >= 500) throw new Error(`the gateway answered HTTP ${res.status}`);
      return gatewayAddress(config.SMS_URL);
    },
    async send(sms) {
      const res = await fetch(config.SMS_URL, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth },
        body: JSON.stringify({ to: sms.to.replace(/\s+/g, ""), message: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The gateway's address without a query (it may carry a key) or a user. */
export function gatewayAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "the gateway in SMS_URL";
  }
}
