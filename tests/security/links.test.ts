/**
 * Links in mails and texts (issue 35 §1 and §10c). Every route that builds an address (ForgotPassword by
 * email and by mobile, GenerateInviteLink, the identity provider's start) is called with a forged Host
 * (the request's URL names evil.example), X-Forwarded-Host, X-Forwarded-Proto and Forwarded: each link
 * must take PUBLIC_URL's origin. Without PUBLIC_URL no link goes out at all, and the log says why. With
 * no mail server or SMS gateway, the log says a message was kept in the Outbox, never its text.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { createTestIdp, type TestIdp } from "../helpers/oidc.ts";

const EVIL = "evil.example";
const FORGED = {
  "x-forwarded-host": EVIL,
  "x-forwarded-proto": "https",
  "x-forwarded-server": EVIL,
  forwarded: `host=${EVIL};proto=https`,
};

type App = Awaited<ReturnType<typeof serveTestApp>>;

/** A request through the app whose own URL (what Deno.serve builds from Host) names evil.example. */
function forgedCall(t: App, path: string, init: { method?: string; json?: unknown; token?: string } = {}) {
  return Promise.resolve(t.app.request(`http://${EVIL}${path}`, {
    method: init.method ?? "POST",
    headers: {
      ...FORGED,
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  }));
}

/** Every address in a text. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"']+/g)].map((m) => m[0]);

/** Everything the app writes to the log while `fn` runs. */
async function logOf(fn: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    })
  );
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

/** Verifies `phone` as the mobile of the token's account, reading the code from the SMS outbox. */
async function verifyPhone(t: App, token: string, phone: string) {
  const sent = await t.request("/api/user/SendPhoneCode", { method: "POST", token, json: { phone } });
  expect(sent.status).toBe(200);
  const code = /\b(\d{6})\b/.exec(t.services.sms.outbox.at(-1)!.text)![1];
  const verified = await t.request("/api/user/VerifyPhoneCode", {
    method: "POST",
    token,
    json: { phone, code },
  });
  expect(verified.status).toBeLessThan(300);
}

afterEach(() => vi.restoreAllMocks());

describe("with PUBLIC_URL set, a forged host reaches no link", () => {
  let t: App;
  let idp: TestIdp;
  beforeAll(async () => {
    idp = createTestIdp();
    // PUBLIC_URL is the served address (serveTestApp's default); the forged requests name evil.example
    t = await serveTestApp({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: "Test IdP",
    });
    await idp.start(t.origin);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  test("reset by email, reset by mobile, invitation and sign-in provider all link to PUBLIC_URL", async () => {
    const admin = await t.login("admin@demo.processor");
    const phone = "+61 413 555 010";
    await verifyPhone(t, admin, phone);

    const mailsBefore = t.services.mail.outbox.length;
    const textsBefore = t.services.sms.outbox.length;
    const reset = await forgedCall(t, "/api/user/ForgotPassword", {
      json: { userName: "user@demo.processor" },
    });
    expect(reset.status).toBe(204);
    const byPhone = await forgedCall(t, "/api/user/ForgotPassword", { json: { userName: "+61413555010" } });
    expect(byPhone.status).toBe(204);
    const invite = await forgedCall(t, "/register/GenerateInviteLink", {
      token: admin,
      json: { email: "someone.new@elsewhere.example", roleLevel: "user" },
    });
    expect(invite.status).toBe(200);
    const oidc = await forgedCall(t, "/register/GetOAuthProviderDetail?provider=test-idp", { method: "GET" });
    expect(oidc.status).toBe(200);

    const mails = t.services.mail.outbox.slice(mailsBefore);
    const texts = t.services.sms.outbox.slice(textsBefore);
    expect(mails.map((m) => m.subject)).toEqual([
      "Reset your Abattoir Manager password",
      expect.stringMatching(/invited you/),
    ]);
    expect(texts).toHaveLength(1);
    const authorizationUrl = new URL((await oidc.json()).authorizationUrl);
    const links = [
      ...mails.flatMap((m) => urlsIn(m.text)),
      ...texts.flatMap((m) => urlsIn(m.text)),
      (await invite.json()).link,
      authorizationUrl.searchParams.get("redirect_uri")!,
    ];
    expect(links).toHaveLength(5);
    for (const link of links) expect(new URL(link).origin).toBe(t.origin);
    expect(JSON.stringify({ mails, texts, links })).not.toContain(EVIL);
  });

  test("with no mail server or SMS gateway the log says a message was kept in the Outbox, never its text", async () => {
    const support = await t.login("support@demo.processor");
    const phone = "+61 413 555 020";
    const log = await logOf(async () => {
      await verifyPhone(t, support, phone);
      const res = await t.request("/api/user/ForgotPassword", {
        method: "POST",
        json: { userName: "test@demo.processor" },
      });
      expect(res.status).toBe(204);
    });
    const mail = t.services.mail.outbox.at(-1)!;
    const text = t.services.sms.outbox.at(-1)!;
    const token = /token=([a-z2-7]+)/.exec(mail.text)![1];
    const code = /\b(\d{6})\b/.exec(text.text)![1];
    expect(log).toContain("A mail to test@demo.processor was kept in the Outbox (SMTP_URL is not set)");
    expect(log).toContain(`A text to ${phone} was kept in the Outbox (SMS_URL is not set)`);
    expect(log).not.toContain(token);
    expect(log).not.toContain(code);
    expect(log).not.toContain("forgotpassword");
  });
});

describe("without PUBLIC_URL no link is sent", () => {
  let t: App;
  beforeAll(async () => {
    t = await serveTestApp({ PUBLIC_URL: "" });
  });
  afterAll(() => t?.close());

  test("a reset mails nothing and an invitation is not mailed; the log says why", async () => {
    const admin = await t.login("admin@demo.processor");
    const mailsBefore = t.services.mail.outbox.length;
    let invite: Response | undefined;
    const log = await logOf(async () => {
      const reset = await forgedCall(t, "/api/user/ForgotPassword", {
        json: { userName: "user@demo.processor" },
      });
      expect(reset.status).toBe(204); // the same quiet answer as ever
      invite = await forgedCall(t, "/register/GenerateInviteLink", {
        token: admin,
        json: { email: "no.link@elsewhere.example", roleLevel: "user" },
      });
    });
    expect(invite!.status).toBe(200);
    expect(t.services.mail.outbox.slice(mailsBefore)).toEqual([]);
    expect(log).toMatch(/PUBLIC_URL is not set: no link was sent/);
    expect(log).toMatch(/PUBLIC_URL is not set: the invitation to no.link@elsewhere.example was not mailed/);
    // the admin still has the invitation's path, on no host at all
    const { link } = await invite!.json();
    expect(link).toMatch(/^\/register\/handleinvite\?token=[a-z2-7]+$/);
    expect(await t.services.db.control.query.passwordResets.findMany()).toEqual([]);
  });
});
