/**
 * Outgoing mail (issue 19 §2): one sender for the whole app. With SMTP_URL set, mail goes through that
 * server (nodemailer); without it (development, tests that do not care), mails are kept in a small outbox in memory
 * (the super user's Outbox page), and the log says so: never silently dropped, never their text in the log.
 */
import { Buffer } from "node:buffer";
import { onFirstUse } from "../../kernel/onFirstUse.ts";
import { Outbox } from "./outbox.ts";

export interface Mail {
  to: string;
  subject: string;
  /** plain text; the mail's only body (readable in every client, nothing to render or track) */
  text: string;
  /** where a reply goes, when not to MAIL_FROM (an organisation's accounts address) */
  replyTo?: string;
  /** files sent with it (a remittance's PDF) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** the last mails sent when there is no SMTP server (newest last); empty with one */
  readonly outbox: readonly (Mail & { at: string })[];
  /**
   * Whether the mail server answers, nothing sent (connect, greeting, EHLO, and the sign-in when the URL
   * has a user): the server's address, or null when there is none (mail goes to the outbox). Throws the
   * server's error; gives up after `timeoutMs` at each step.
   */
  check(timeoutMs: number): Promise<string | null>;
  close(): void;
}

/** nodemailer, loaded with the first mail or check (start-up need not pay for it: issue 40). */
const nodemailer = onFirstUse(async () => (await import("nodemailer")).default);

export function createMailer(config: { SMTP_URL: string; MAIL_FROM: string }): Mailer {
  if (!config.SMTP_URL) return new LogMailer();
  let transport: ReturnType<Awaited<ReturnType<typeof nodemailer>>["createTransport"]> | undefined;
  return {
    outbox: [],
    async send(mail) {
      transport ??= (await nodemailer()).createTransport(config.SMTP_URL);
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length
          ? {
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content),
              contentType: a.contentType,
            })),
          }
          : {}),
      });
    },
    async check(timeoutMs) {
      // a transport of its own: the sending one keeps nodemailer's long timeouts
      const probe = (await nodemailer()).createTransport({
        url: config.SMTP_URL,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      try {
        await probe.verify();
      } finally {
        probe.close();
      }
      return mailServerAddress(config.SMTP_URL);
    },
    close: () => transport?.close(),
  };
}

/**
 * Why a send failed, in words a plant user reads (nodemailer's error codes), and whether trying again
 * later can help: a mail server that refuses the address itself (a 5xx answer to it) will refuse it again.
 */
export function mailFailure(error: unknown): { words: string; permanent: boolean } {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const said = (e.response ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  switch (e.code) {
    case "EENVELOPE":
      return {
        words: `the mail server refused the address${said ? ` ("${said}")` : ""}`,
        permanent: (e.responseCode ?? 0) >= 500,
      };
    case "EAUTH":
      return { words: "the mail server refused the app's sign-in (SMTP_URL)", permanent: false };
    case "ETIMEDOUT":
      return { words: "the mail server took too long to answer", permanent: false };
    case "ECONNECTION":
    case "ESOCKET":
    case "EDNS":
      return { words: "the mail server did not answer", permanent: false };
    case "EMESSAGE":
      return { words: `the mail server refused the message${said ? ` ("${said}")` : ""}`, permanent: false };
    default:
      return { words: "the mail server did not take it", permanent: false };
  }
}

/** `smtp://host:port` of an SMTP_URL, without its user and password. */
export function mailServerAddress(url: string): string {
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol === "smtps:" ? "465" : "587");
    return `${u.protocol}//${u.hostname}:${port}`;
  } catch {
    return "the mail server in SMTP_URL";
  }
}

class LogMailer implements Mailer {
  readonly #outbox = new Outbox<Mail>("A mail", "SMTP_URL");

  get outbox() {
    return this.#outbox.items;
  }

  send(mail: Mail) {
    this.#outbox.add(mail);
    return Promise.resolve();
  }

  check() {
    return Promise.resolve(null);
  }

  close() {}
}
