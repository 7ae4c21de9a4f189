/**
 * OpenID Connect sign-in (issue 19 §4) against a real provider (oidc-provider) over real HTTP: the happy
 * path, then every way the answer can be wrong (state, nonce, signature, replay, no flow, unverified email,
 * an address with no account) refused in plain words; an open invitation taken up by a verified email.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { createTestIdp, loginAtIdp, type TestIdp } from "../helpers/oidc.ts";
import { decodeFlow, encodeFlow } from "../../server/auth/oidc.ts";

let idp: TestIdp;
let t: Awaited<ReturnType<typeof serveTestApp>>;

beforeAll(async () => {
  idp = createTestIdp();
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

/** Starts a flow as a browser would: the authorization URL and the flow cookie. */
async function start(next?: string) {
  const res = await fetch(
    `${t.origin}/register/GetOAuthProviderDetail?provider=test-idp${next ? `&next=${next}` : ""}`,
  );
  expect(res.status).toBe(200);
  const body = await res.json();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="))!.split(";")[0];
  return { authorizationUrl: body.authorizationUrl as string, cookie };
}

/** The browser coming back to /oauthcallback with the provider's answer. */
async function callback(url: URL, cookie?: string) {
  const res = await fetch(`${t.origin}/oauthcallback${url.search}`, {
    redirect: "manual",
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("session="))?.split(";")[0];
  return { status: res.status, location: res.headers.get("location"), session, html: await res.text() };
}

describe("sign-in with an identity provider", () => {
  test("the sign-in page offers it; a verified email signs its account in", async () => {
    const login = await (await fetch(`${t.origin}/login`)).text();
    expect(login).toContain("Sign in with Test IdP");
    expect(await (await fetch(`${t.origin}/login?showGoogleSignIn=false`)).text()).not.toContain(
      "Sign in with Test IdP",
    );

    const { authorizationUrl, cookie } = await start("/home/clientusers");
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const back = await loginAtIdp(authorizationUrl, "admin@demo.processor");
    const done = await callback(back, cookie);
    expect(done.status, /role="alert">([^<]*)/.exec(done.html)?.[1]).toBe(303);
    expect(done.location).toBe("/home/clientusers");
    const me = await (await fetch(`${t.origin}/login/usermodel`, { headers: { cookie: done.session! } }))
      .json();
    expect(me.email).toBe("admin@demo.processor");

    // the same answer again: the flow was used up
    const replay = await callback(back, cookie);
    expect(replay.status).toBe(401);
    expect(replay.html).toContain("Sign-in did not complete");
    expect(replay.session).toBeUndefined();
  });

  test("a changed state, a changed nonce, a forged signature or no flow at all are refused", async () => {
    const a = await start();
    const backA = await loginAtIdp(a.authorizationUrl, "user@demo.processor");
    backA.searchParams.set("state", "somebody-elses-state");
    const state = await callback(backA, a.cookie);
    expect(state.status).toBe(401);
    expect(state.html).toContain("did not match this sign-in");

    const b = await start();
    const backB = await loginAtIdp(b.authorizationUrl, "user@demo.processor");
    const flow = decodeFlow(b.cookie.slice("oidc_flow=".length))!;
    const nonce = await callback(backB, `oidc_flow=${encodeFlow({ ...flow, nonce: "another-nonce" })}`);
    expect(nonce.status).toBe(401);
    expect(nonce.session).toBeUndefined();

    const c = await start();
    const backC = await loginAtIdp(c.authorizationUrl, "user@demo.processor");
    idp.tamper.signature = true;
    try {
      const forged = await callback(backC, c.cookie);
      expect(forged.status).toBe(401);
      expect(forged.html).toContain("not signed by it");
      expect(forged.session).toBeUndefined();
    } finally {
      idp.tamper.signature = false;
    }

    const d = await start();
    const noFlow = await callback(await loginAtIdp(d.authorizationUrl, "user@demo.processor"));
    expect(noFlow.status).toBe(401);
    expect(noFlow.html).toContain("started in another browser");

    const cancelled = await callback(new URL(`${t.origin}/oauthcallback?error=access_denied`), d.cookie);
    expect(cancelled.status).toBe(401);
    expect(cancelled.html).toContain("you cancelled it");
  });

  test("an unverified email, or one with no account and no invitation, gets nobody in", async () => {
    const a = await start();
    const unverified = await callback(
      await loginAtIdp(a.authorizationUrl, "unverified@demo.processor"),
      a.cookie,
    );
    expect(unverified.status).toBe(401);
    expect(unverified.html).toContain("did not confirm an email address");

    const b = await start();
    const stranger = await callback(await loginAtIdp(b.authorizationUrl, "stranger@example.com"), b.cookie);
    expect(stranger.status).toBe(403);
    expect(stranger.html).toContain("No account uses stranger@example.com");
    expect(stranger.session).toBeUndefined();
  });

  test("a verified email with an open invitation joins that organisation", async () => {
    const admin = await t.login("admin@demo.processor");
    const sent = await t.request("/register/GenerateInviteLink", {
      method: "POST",
      token: admin,
      json: { email: "invited.by.idp@example.com", roleLevel: "user" },
    });
    expect(sent.status).toBe(200);
    const { authorizationUrl, cookie } = await start();
    const done = await callback(await loginAtIdp(authorizationUrl, "invited.by.idp@example.com"), cookie);
    expect(done.status).toBe(303);
    const me = await (await fetch(`${t.origin}/login/usermodel`, { headers: { cookie: done.session! } }))
      .json();
    expect(me).toMatchObject({
      email: "invited.by.idp@example.com",
      tenantName: "Demo Processing",
      roleLevel: "user",
      firstName: "Ida",
    });
    const pending = await (await t.request("/register/GetPendingInvites", { token: admin })).json();
    expect(pending.map((i: { email: string }) => i.email)).not.toContain("invited.by.idp@example.com");
  });

  test("an unknown provider and a provider that does not answer are plain errors", async () => {
    const unknown = await fetch(`${t.origin}/register/GetOAuthProviderDetail?provider=nope`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/not set up here/);
    const next = await fetch(
      `${t.origin}/register/GetOAuthProviderDetail?provider=test-idp&next=//evil.example`,
    );
    expect(next.status).toBe(400);
    await next.body?.cancel();
  });
});
