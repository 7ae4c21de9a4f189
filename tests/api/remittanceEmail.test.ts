/**
 * Emailing a remittance (RCTI) to the supplier, over real HTTP and a real SMTP server on loopback, on the
 * demo data and the pinned clock: the mail reaches the supplier's contact address with the PDF attached and
 * the organisation's accounts address to reply to, and the invoice lists it; a draft, a supplier without an
 * address and a mail server that does not answer are refused in words, the last one recorded; with the
 * organisation's setting on, publishing sends it by itself.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { publishWithMailSetting } from "../helpers/invoices.ts";
import { invoices, suppliers } from "../../db/tenant/schema.ts";
import { tenantProfiles } from "../../db/control/schema.ts";
import { INVOICES_API as I } from "../../server/areas/invoices/paths.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof serveTestApp>>;
let admin = "";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await serveTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Abattoir Manager <noreply@plant.test>" });
  admin = await t.login("admin@demo.processor");
  await t.services.db.control.update(tenantProfiles).set({ accountsEmail: "accounts@demo.processor" })
    .where(eq(tenantProfiles.tenantId, 1));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = async (id: number) => {
  const res = await t.request(I.emailRemittance, { method: "POST", token: admin, json: { id } });
  return { status: res.status, body: await res.json() };
};
const view = async (
  id: number,
) => (await (await t.request(I.invoice.replace("{id}", String(id)), { token: admin })).json());

async function published() {
  const db = await t.services.db.tenantDb(1);
  const rows = await db.select({
    id: invoices.id,
    number: invoices.invoiceNumber,
    supplierId: invoices.supplierId,
  })
    .from(invoices).where(eq(invoices.status, "Published")).limit(3);
  expect(rows.length).toBe(3);
  return { db, rows };
}

describe("emailing a remittance", () => {
  test("reaches the supplier with its PDF, replies to accounts, and the invoice lists it", async () => {
    const { db, rows: [invoice] } = await published();
    const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, invoice.supplierId));
    await db.update(suppliers).set({ contactEmail: "jo@farm.test" }).where(eq(suppliers.id, supplier.id));

    const sent = await post(invoice.id);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ to: "jo@farm.test", by: "Admin Demo", sent: true, reason: null });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes("jo@farm.test")).length).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes("jo@farm.test"))!;
    expect(mail.raw).toMatch(/^Reply-To: accounts@demo\.processor/m);
    expect(mail.text).toContain(`Remittance ${invoice.number} from Demo Processing`);
    expect(mail.raw).toContain(`filename=${invoice.number}.pdf`);
    // the attachment is the PDF itself: base64 of "%PDF" begins "JVBER"
    expect(mail.raw).toMatch(/Content-Type: application\/pdf[\s\S]*?\r?\n\r?\nJVBER/);

    const listed = (await view(invoice.id)).remittanceEmails;
    expect(listed[0]).toMatchObject({ to: "jo@farm.test", sent: true, by: "Admin Demo" });
  });

  test("a supplier without an address is refused in words; nothing is sent or listed", async () => {
    const { db, rows: [, invoice] } = await published();
    await db.update(suppliers).set({ contactEmail: "" }).where(eq(suppliers.id, invoice.supplierId));
    const before = smtp.received.length;
    const refused = await post(invoice.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/has no email address: add one on the supplier/);
    expect(smtp.received.length).toBe(before);
    expect((await view(invoice.id)).remittanceEmails).toEqual([]);
  });

  test("a draft has no remittance to send; an unknown invoice is 404", async () => {
    const db = await t.services.db.tenantDb(1);
    const [draft] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, "Draft"))
      .limit(1);
    const refused = await post(draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("publish the invoice first");
    expect((await post(999999)).status).toBe(404);
    expect((await t.request(I.emailRemittance, { method: "POST", token: admin, json: { id: "x" } })).status)
      .toBe(400);
  });

  test("with the organisation's setting on, publishing emails the remittance without waiting for it", async () => {
    const id = await publishWithMailSetting(t, admin, "sam@farm.test");
    await expect.poll(() => smtp.received.filter((m) => m.to.includes("sam@farm.test")).length).toBe(1);
    await expect.poll(async () => (await view(id)).remittanceEmails[0]?.to).toBe("sam@farm.test");
  });

  test("a mail server that does not answer: 503 in words, and the attempt is listed as not sent", async () => {
    const { db, rows: [, , invoice] } = await published();
    await db.update(suppliers).set({ contactEmail: "pat@farm.test" }).where(
      eq(suppliers.id, invoice.supplierId),
    );
    await smtp.close();
    const failed = await post(invoice.id);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toMatch(
      /could not be emailed to pat@farm\.test: the mail server did not answer/,
    );
    const [entry] = (await view(invoice.id)).remittanceEmails;
    expect(entry).toMatchObject({ to: "pat@farm.test", sent: false });
    expect(entry.reason).toMatch(/^the mail server did not answer$/);
  });
});
