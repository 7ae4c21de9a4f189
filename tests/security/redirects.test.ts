/**
 * Open redirects (issue 35 §3): every parameter that says where the browser goes next — `next` on the
 * sign-in form post, on the sign-in page (carried into its hidden field and the "Sign in with …" link),
 * and on register/GetOAuthProviderDetail (kept in the flow, followed by /oauthcallback) — given each
 * known open-redirect form. A sign-in still succeeds, but only ever to a path of this site: no control
 * character, no backslash, nothing a browser resolves to another origin. Never a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";
import { localPath } from "../../server/http/redirects.ts";

/** Forms that have sent browsers to another host somewhere. */
export const OPEN_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\nSet-Cookie: evil=1",
  "/\u000b/evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "/\u2028/evil.example",
  " //evil.example",
  "\t//evil.example",
  "\n//evil.example",
  "/ /evil.example",
  "/%09/evil.example",
  "/%0d%0aLocation:%20https://evil.example",
  "//%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "%2F%2Fevil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/x/..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "http:/evil.example",
  "https:\\\\evil.example",
  "ht\ttps://evil.example",
  "//user@evil.example",
  "/@evil.example",
  "//localhost@evil.example",
  "https://localhost@evil.example",
  "https://127.0.0.1%2F@evil.example",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/%2e%2e",
  "//evil%E3%80%82example",
  "/\uFF0F/evil.example",
  "evil.example",
  "",
  "/".repeat(600),
];

let t: Awaited<ReturnType<typeof serveTestApp>>;

beforeAll(async () => {
  t = await serveTestApp();
});
afterAll(() => t?.close());

/** A Location (or link target) a browser would follow stays on this origin, with nothing to misread. */
function expectLocal(target: string) {
  // deno-lint-ignore no-control-regex
  expect(target, JSON.stringify(target)).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(target.startsWith("/") && !target.startsWith("//"), JSON.stringify(target)).toBe(true);
  expect(new URL(target, t.origin).origin).toBe(t.origin);
}

describe("the resolver", () => {
  test("refuses every known open-redirect form that is not a plain path of this site", () => {
    for (const form of OPEN_REDIRECTS) {
      const path = localPath(form);
      if (path !== null) expectLocal(path);
    }
    expect(localPath("//evil.example")).toBeNull();
    expect(localPath("/\t/evil.example")).toBeNull();
    expect(localPath("/\r\nSet-Cookie: evil=1")).toBeNull();
    expect(localPath("/livestock/orders?day=2026-11-27#top")).toBe("/livestock/orders?day=2026-11-27#top");
  });
});

describe("every redirect parameter", () => {
  test("POST /login signs in and goes to a path of this site, whatever `next` says", async () => {
    for (const next of OPEN_REDIRECTS) {
      const res = await fetch(`${t.origin}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "user@demo.processor", password: TEST_PASSWORD, next }),
      });
      await res.body?.cancel();
      expect(res.status, JSON.stringify(next)).toBe(303);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      expectLocal(res.headers.get("location")!);
    }
  });

  test("a good `next` is still followed", async () => {
    const res = await fetch(`${t.origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "user@demo.processor",
        password: TEST_PASSWORD,
        next: "/user/account",
      }),
    });
    await res.body?.cancel();
    expect(res.headers.get("location")).toBe("/user/account");
  });

  test("GET /login carries only a path of this site into its form and its sign-in links", async () => {
    for (const next of OPEN_REDIRECTS) {
      const res = await fetch(`${t.origin}/login?${new URLSearchParams({ next })}`, { redirect: "manual" });
      const html = await res.text();
      expect(res.status, JSON.stringify(next)).toBeLessThan(500);
      const field = /name="next" value="([^"]*)"/.exec(html)?.[1];
      if (field) expectLocal(field.replaceAll("&amp;", "&"));
    }
  });

  test("register/GetOAuthProviderDetail refuses each as a validation error", async () => {
    for (const next of OPEN_REDIRECTS.filter((n) => n !== "" && localPath(n) === null)) {
      const res = await fetch(
        `${t.origin}/register/GetOAuthProviderDetail?${new URLSearchParams({ provider: "test-idp", next })}`,
        { redirect: "manual" },
      );
      const body = await res.json();
      expect(res.status, JSON.stringify(next)).toBe(400);
      expect(body.isValidation).toBe(true);
      expect(res.headers.get("location")).toBeNull();
    }
  });
});
