/**
 * Forgot password (issue 19 §3) end to end over real HTTP and a real SMTP server: the mailed link, its
 * one use, expiry and forgery, the quiet answer for unknown addresses, the limit, and the sessions ended.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { passwordResets } from "../../db/control/schema.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof serveTestApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await serveTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = async (path: string, json: unknown, ip = "192.0.2.1") => {
  const res = await fetch(`${t.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const signIn = (email: string, password: string) => post("/login/login", { email, password });
const linkIn = (text: string) => /https?:\/\/\S+\/login\/forgotpassword\?token=([a-z2-7]+)/.exec(text);
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe("forgot password", () => {
  test("mails a link that sets a new password once, signs in and ends the other sessions", async () => {
    const email = "user@demo.processor";
    const before = (await signIn(email, TEST_PASSWORD)).body.token;
    expect((await post("/api/user/ForgotPassword", { userName: "User@Demo.Processor " })).status).toBe(204);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const mail = mailsTo(email)[0].text;
    expect(mail).toMatch(/Subject: Reset your Abattoir Manager password/);
    const token = linkIn(mail)![1];
    expect(linkIn(mail)![0]).toContain(t.origin);

    const page = await (await fetch(`${t.origin}/login/forgotpassword?token=${token}`)).text();
    expect(page).toContain("Choose a new password");
    const reset = await post("/api/user/ResetPasswordAndLogin", { token, newPassword: "a-new-password-42" });
    expect(reset.status).toBe(200);
    expect(reset.body.email).toBe(email);
    const me = await fetch(`${t.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${reset.body.token}` },
    });
    expect(me.status).toBe(200);
    await me.body?.cancel();
    const old = await fetch(`${t.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(old.status).toBe(401);
    await old.body?.cancel();
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(email, "a-new-password-42")).status).toBe(200);

    const again = await post("/api/user/ResetPasswordAndLogin", {
      token,
      newPassword: "another-password-42",
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toMatch(/not valid any more/);
    expect(await (await fetch(`${t.origin}/login/forgotpassword?token=${token}`)).text()).toContain(
      "This link has run out",
    );
  });

  test("answers the same for an unknown address and mails nothing", async () => {
    const count = smtp.received.length;
    expect((await post("/api/user/ForgotPassword", { userName: "nobody@nowhere.example" })).status).toBe(204);
    // a later request for a real address is the marker: once its mail is in, a mail for the unknown one
    // would have been too
    const marker = "test@demo.processor";
    expect((await post("/api/user/ForgotPassword", { userName: marker }, "192.0.2.5")).status).toBe(204);
    await expect.poll(() => mailsTo(marker).length).toBe(1);
    expect(smtp.received.length).toBe(count + 1);
    expect(mailsTo("nobody@nowhere.example")).toEqual([]);
  });

  test("refuses a forged or an expired link, and a bad address, without changing anything", async () => {
    const forged = await post("/api/user/ResetPasswordAndLogin", {
      token: "a".repeat(32),
      newPassword: "x-password-42",
    });
    expect(forged.status).toBe(400);
    expect((await post("/api/user/ForgotPassword", { userName: "not an email" })).status).toBe(400);

    const email = "support@demo.processor";
    await post("/api/user/ForgotPassword", { userName: email }, "192.0.2.7");
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const token = linkIn(mailsTo(email)[0].text)![1];
    await t.services.db.control.update(passwordResets).set({
      expiresAt: new Date(plantNoon().getTime() - 1000),
    })
      .where(eq(passwordResets.userId, (await signIn(email, TEST_PASSWORD)).body.id));
    const late = await post("/api/user/ResetPasswordAndLogin", { token, newPassword: "late-password-42" });
    expect(late.status).toBe(400);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  test("mails an address at most three times an hour", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post("/api/user/ForgotPassword", { userName: "display@demo.processor" }, "192.0.2.9")).status,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
    await expect.poll(() => mailsTo("display@demo.processor").length).toBe(3);
  });
});
