/**
 * A failed send in words, with the real mail sender (nodemailer) against real SMTP servers on loopback:
 * none answering, one refusing the address (550: permanent), one refusing it for now (450: tried again).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMailer, mailFailure } from "../../../server/mail/mailer.ts";
import { silentSmtpUrl, startRefusingSmtp } from "../../helpers/smtp.ts";

const failureOf = async (url: string) => {
  const mailer = createMailer({ SMTP_URL: url, MAIL_FROM: "plant@plant.test" });
  try {
    await mailer.send({ to: "jo@farm.test", subject: "Remittance", text: "Hello" });
    throw new Error("it was sent");
  } catch (error) {
    return mailFailure(error);
  } finally {
    mailer.close();
  }
};

describe("a failed send in words", () => {
  const servers: { close(): Promise<void> }[] = [];
  let permanent = "";
  let forNow = "";
  beforeAll(async () => {
    const a = await startRefusingSmtp(550);
    const b = await startRefusingSmtp(450);
    servers.push(a, b);
    permanent = a.url;
    forNow = b.url;
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  test("no mail server answering: said so, and worth another try", async () => {
    expect(await failureOf(await silentSmtpUrl())).toEqual({
      words: "the mail server did not answer",
      permanent: false,
    });
  });

  test("an address the server refuses for good: its own words, and no use trying again", async () => {
    const failure = await failureOf(permanent);
    expect(failure.permanent).toBe(true);
    expect(failure.words).toMatch(/^the mail server refused the address \("550 .*No such mailbox here"\)$/);
  });

  test("an address refused for now (4xx): tried again", async () => {
    expect(await failureOf(forNow)).toMatchObject({ permanent: false });
  });

  test("anything else: the plain words, never the library's text", () => {
    expect(mailFailure(new Error("socket hang up: 0x7f"))).toEqual({
      words: "the mail server did not take it",
      permanent: false,
    });
  });
});
