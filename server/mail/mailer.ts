/**
 * Outgoing mail (issue 19 §2): one sender for the whole app. With SMTP_URL set, mail goes through that
 * server (nodemailer); without it (development, tests that do not care), mails are written to the log and
 * kept in a small outbox in memory, never silently dropped.
 */
import nodemailer from "nodemailer";
import { Outbox } from "./outbox.ts";

export interface Mail {
  to: string;
  subject: string;
  /** plain text; the mail's only body (readable in every client, nothing to render or track) */
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** the last mails sent when there is no SMTP server (newest last); empty with one */
  readonly outbox: readonly (Mail & { at: string })[];
  close(): void;
}

export function createMailer(config: { SMTP_URL: string; MAIL_FROM: string }): Mailer {
  if (!config.SMTP_URL) return new LogMailer();
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    outbox: [],
    async send(mail) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
    close: () => transport.close(),
  };
}

class LogMailer implements Mailer {
  readonly #outbox = new Outbox<Mail>("mail");

  get outbox() {
    return this.#outbox.items;
  }

  send(mail: Mail) {
    this.#outbox.add(mail, `${mail.subject}\n${mail.text}`);
    return Promise.resolve();
  }

  close() {}
}
