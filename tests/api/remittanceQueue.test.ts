/**
 * Remittances emailed by themselves once published (the organisation's setting), over real HTTP, real
 * database files and a real SMTP server on loopback, on the pinned clock: the publish queues them in its
 * own transaction, so a mail server that is down, and a restart, lose none; the queue is tried again on
 * a widening schedule, then given up (the editor offers the button); two instances sweeping at once send
 * a remittance once.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { silentSmtpUrl, startRefusingSmtp, startSmtp } from "../helpers/smtp.ts";
import { publishWithMailSetting } from "../helpers/invoices.ts";
import { pinServerClock, plantNoon } from "../helpers/clock.ts";
import { INVOICES_API as I } from "../../server/areas/invoices/paths.ts";
import { sendAllDueRemittances, sendDueRemittances } from "../../server/areas/invoices/remittanceMailing.ts";
import { MAX_TRIES, RETRY_AFTER_MINUTES } from "../../server/areas/invoices/queries/remittanceEmails.ts";
import type { InvoiceView } from "../../server/areas/invoices/views.ts";

const MAIL_FROM = "Abattoir Manager <noreply@plant.test>";
const minutesAfterNoon = (m: number) => new Date(plantNoon().getTime() + m * 60_000);
let deadSmtp = "";

beforeAll(async () => {
  deadSmtp = await silentSmtpUrl();
});

/** The notifications of the publisher (the admin) about remittances not emailed. */
async function notMailed(t: TestApp, token: string) {
  const res = await t.request("/api/notifications/GetNotifications", { token });
  const all = await res.json() as { type: string; title: string; message: string; routeName: string }[];
  return all.filter((n) => n.type === "remittanceNotEmailed");
}

/** The invoice as its order's invoice list shows it: where its remittance email stands. */
async function listed(t: TestApp, token: string, id: number) {
  const { livestockOrderId } = await view(t, token, id);
  const res = await t.request(`${I.byOrder}?livestockOrderId=${livestockOrderId}`, { token });
  const rows = await res.json() as { id: number; remittanceEmail: unknown }[];
  return rows.find((r) => r.id === id)!.remittanceEmail;
}

async function view(t: TestApp, token: string, id: number): Promise<InvoiceView> {
  return await (await t.request(I.invoice.replace("{id}", String(id)), { token })).json();
}

describe("a remittance queued by its publish", () => {
  test("the mail server down at publish: after a restart it is sent, once, by two instances sweeping at once", async () => {
    const first = await startTestApp({ SMTP_URL: deadSmtp, MAIL_FROM });
    const smtp = await startSmtp();
    const later: TestApp[] = [];
    try {
      const admin = await first.login("admin@demo.processor");
      const id = await publishWithMailSetting(first, admin, "sam@farm.test");
      // the send after the commit was refused: recorded, and queued for a minute later
      await expect.poll(async () => (await view(first, admin, id)).remittanceQueued?.attempts).toBe(1);
      const failed = await view(first, admin, id);
      expect(failed.remittanceQueued).toEqual({
        attempts: 1,
        maxTries: MAX_TRIES,
        nextAttemptAt: minutesAfterNoon(RETRY_AFTER_MINUTES[0]).toISOString(),
      });
      expect(failed.remittanceEmails[0]).toMatchObject({ to: "sam@farm.test", sent: false });
      expect(await listed(first, admin, id)).toEqual({ state: "queued", at: null });
      await first.services.close();

      // two instances start on the same files three minutes later, the mail server back
      const env = { DATA_DIR: first.dataDir, SMTP_URL: smtp.url, MAIL_FROM };
      later.push(await startTestApp(env, { at: minutesAfterNoon(3) }));
      later.push(await startTestApp(env, { at: minutesAfterNoon(3) }));
      const tried = await Promise.all(later.map((t) => sendDueRemittances(t.services, 1)));
      expect(tried.sort()).toEqual([0, 1]);
      expect(smtp.received.filter((m) => m.to.includes("sam@farm.test")).length).toBe(1);

      const admin2 = await later[0].login("admin@demo.processor");
      const sent = await view(later[0], admin2, id);
      expect(sent.remittanceQueued).toBeNull();
      expect(sent.remittanceEmails[0]).toMatchObject({ to: "sam@farm.test", sent: true, by: "Admin Demo" });
      expect(await listed(later[0], admin2, id)).toEqual({ state: "sent", at: sent.remittanceEmails[0].at });
      // the next sweep finds nothing to send
      await sendAllDueRemittances(later[1].services);
      expect(smtp.received.length).toBe(1);
    } finally {
      for (const t of later) await t.close();
      await smtp.close();
      await Deno.remove(first.dataDir, { recursive: true }).catch(() => {});
    }
  });

  describe("a mail server that stays down", () => {
    let t: TestApp;
    let admin = "";
    beforeAll(async () => {
      t = await startTestApp({ SMTP_URL: deadSmtp, MAIL_FROM });
      admin = await t.login("admin@demo.processor");
    });
    afterAll(() => t.close());

    test("is tried again on a widening schedule, never before its time, then given up", async () => {
      const id = await publishWithMailSetting(t, admin, "pat@farm.test");
      await expect.poll(async () => (await view(t, admin, id)).remittanceQueued?.attempts).toBe(1);
      let at = 0;
      for (const [i, wait] of RETRY_AFTER_MINUTES.entries()) {
        at += wait;
        pinServerClock(new Date(minutesAfterNoon(at).getTime() - 1000));
        expect(await sendDueRemittances(t.services, 1)).toBe(0); // a second early: not yet
        pinServerClock(minutesAfterNoon(at));
        expect(await sendDueRemittances(t.services, 1)).toBe(1);
        admin = await t.login("admin@demo.processor"); // hours on: a fresh sign-in reads it
        const queued = (await view(t, admin, id)).remittanceQueued;
        if (i + 2 < MAX_TRIES) expect(queued).toMatchObject({ attempts: i + 2 });
      }
      const given = await view(t, admin, id);
      expect(given.remittanceQueued).toBeNull();
      expect(await listed(t, admin, id)).toEqual({ state: "notSent", at: given.remittanceEmails[0].at });
      const attempts = given.remittanceEmails.filter((e) => !e.sent && e.to === "pat@farm.test");
      expect(attempts.length).toBe(MAX_TRIES);
      expect(attempts[0].reason).toMatch(/^the mail server did not answer$/);
      // the publisher is told, with the reason and where to send it from
      const [told] = await notMailed(t, admin);
      expect(told).toMatchObject({
        title: expect.stringMatching(/^The remittance of RCTI-\d{6} to .+ was not emailed$/),
        message: "The mail server did not answer (pat@farm.test). Once the mail server takes mail again, " +
          "send it from the invoice with Email to supplier.",
        routeName: `/home/invoicemanager/edit/${id}`,
      });
      pinServerClock(minutesAfterNoon(at + 24 * 60));
      expect(await sendDueRemittances(t.services, 1)).toBe(0);
    });
  });

  describe("an invoice unpublished while its remittance waits", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ SMTP_URL: deadSmtp, MAIL_FROM });
    });
    afterAll(() => t.close());

    test("leaves the queue at its next try, with nothing sent and nobody told", async () => {
      const admin = await t.login("admin@demo.processor");
      const id = await publishWithMailSetting(t, admin, "kim@farm.test");
      await expect.poll(async () => (await view(t, admin, id)).remittanceQueued?.attempts).toBe(1);
      const back = await t.request(I.unpublish, { method: "POST", token: admin, json: { ids: [id] } });
      expect(back.status).toBe(200);
      pinServerClock(minutesAfterNoon(RETRY_AFTER_MINUTES[0]));
      expect(await sendDueRemittances(t.services, 1)).toBe(1);
      expect(await sendDueRemittances(t.services, 1)).toBe(0); // gone from the queue
      const emails = (await view(t, admin, id)).remittanceEmails;
      expect(emails).toEqual([]); // a draft lists none
      expect((await notMailed(t, admin)).filter((n) => n.routeName.endsWith(`/${id}`))).toEqual([]);
    });
  });

  describe("an address the mail server refuses for good", () => {
    let t: TestApp;
    let refusing: Awaited<ReturnType<typeof startRefusingSmtp>>;
    beforeAll(async () => {
      refusing = await startRefusingSmtp(550);
      t = await startTestApp({ SMTP_URL: refusing.url, MAIL_FROM });
    });
    afterAll(async () => {
      await t.close();
      await refusing.close();
    });

    test("is tried once and not again; sent by hand, it is refused in words naming the address", async () => {
      const admin = await t.login("admin@demo.processor");
      const id = await publishWithMailSetting(t, admin, "nobody@farm.test");
      await expect.poll(async () => (await view(t, admin, id)).remittanceEmails.length).toBe(1);
      const after = await view(t, admin, id);
      expect(after.remittanceQueued).toBeNull();
      expect(after.remittanceEmails[0]).toMatchObject({ to: "nobody@farm.test", sent: false });
      expect(after.remittanceEmails[0].reason).toMatch(/^the mail server refused the address \("550 /);
      await expect.poll(async () => (await notMailed(t, admin)).map((n) => n.message)).toEqual([
        expect.stringMatching(
          /^The mail server refused the address \("550 .+"\) \(nobody@farm\.test\)\. Check the supplier's email/,
        ),
      ]);

      const byHand = await t.request(I.emailRemittance, { method: "POST", token: admin, json: { id } });
      expect(byHand.status).toBe(400);
      expect((await byHand.json()).message).toMatch(
        /the mail server refused the address .+: check .+'s email address \(nobody@farm\.test\)/,
      );
    });

    test("a supplier without an address: taken off the queue, and the publisher told to add one", async () => {
      const admin = await t.login("admin@demo.processor");
      const id = await publishWithMailSetting(t, admin, "");
      const title = /^The remittance of RCTI-\d{6} to (.+) was not emailed$/;
      await expect.poll(async () =>
        (await notMailed(t, admin)).filter((n) => n.routeName.endsWith(`/${id}`)).map((n) => n.message)
      ).toEqual([
        expect.stringMatching(/^.+ has no email address: add one on the supplier, then send it from/),
      ]);
      expect((await view(t, admin, id)).remittanceQueued).toBeNull();
      expect((await notMailed(t, admin)).find((n) => n.routeName.endsWith(`/${id}`))!.title).toMatch(title);
    });
  });
});
