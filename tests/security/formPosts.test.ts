/**
 * Page form posts (issue 35 §4): every POST route that is a page's plain HTML form (the declared routes
 * that are not OpenAPI operations nor the hub) is sent malformed fields and headers — a Referer that does
 * not parse or names another host, CR/LF in every field, huge values, the wrong content type, a broken
 * multipart body, a file where text belongs, missing fields, bytes that are not UTF-8. None may answer
 * 500, a failed answer sets no session cookie, and a failed post changes no row (sessions included).
 * Then the two posts of the issue that failed *after* their work: a sign-in with CR/LF in `next`, and a
 * saved preference with an unparsable Referer.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";
import { declaredAccess } from "../../server/http/openapi.ts";
import { diffSnapshots, snapshot } from "./snapshot.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let cookie = "";

beforeAll(async () => {
  t = await serveTestApp();
  cookie = await signIn("user@demo.processor");
});
afterAll(() => t?.close());

async function signIn(email: string) {
  const res = await fetch(`${t.origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: TEST_PASSWORD }),
  });
  await res.body?.cancel();
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
}

const BAD_REFERERS = [undefined, "::not a url::", "http://[::1", "http://evil.example/user/account", "//x"];

/** The fields each page form takes, as a failed post would send them (each refused). */
const FAILING_FIELDS: Record<string, Record<string, string>[]> = {
  "/login": [
    {},
    { email: "not-an-email\r\nX-Injected: 1", password: "", next: "/\r\nSet-Cookie: evil=1" },
    { email: "user@demo.processor\r\n", password: "" },
    { email: "user@demo.processor", password: "wrong-password\r\n", next: "//evil.example" },
    { email: "x".repeat(900_000), password: "y" },
  ],
  "/user/preferences": [
    {},
    { siteId: "x\r\n" },
    { speciesId: "\r\n" },
    { speciesId: "99999999" },
    { siteId: "-1" },
    { siteId: "9".repeat(900_000) },
  ],
  "/user/tenant": [
    {},
    { tenantId: "\r\n" },
    { tenantId: "x" },
    { tenantId: "99999999" },
    { tenantId: "1e400" },
    { tenantId: "9".repeat(900_000) },
  ],
};

/** Bodies that are not a readable form of that route at all. */
function unreadableBodies(): { contentType?: string; body: BodyInit }[] {
  const notUtf8 = new Uint8Array([...new TextEncoder().encode("email="), 0xff, 0xfe, 0xc3, 0x28, 0x26]);
  return [
    { body: "" },
    { contentType: "application/json", body: JSON.stringify({ email: "user@demo.processor", tenantId: 1 }) },
    { contentType: "text/plain", body: "email=user@demo.processor" },
    { contentType: "multipart/form-data", body: "--x\r\nno boundary named" },
    {
      contentType: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    },
    {
      contentType: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="tenantId"; filename="a.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\n2\r\n--x\r\nContent-Disposition: form-data; name="siteId"; ' +
        'filename="b.txt"\r\n\r\n1\r\n--x--\r\n',
    },
    { contentType: "application/x-www-form-urlencoded", body: notUtf8 },
    { contentType: "application/x-www-form-urlencoded", body: "email=%zz%&tenantId=%&siteId=%E0%A4%A" },
    { contentType: "application/x-www-form-urlencoded; charset=bogus", body: "tenantId=&tenantId=2" },
    { contentType: "application/x-www-form-urlencoded", body: "a=" + "b".repeat(1_100_000) },
  ];
}

/** The page routes that take a form post: declared with their access rule, but not API operations. */
async function pageFormPosts(): Promise<string[]> {
  const doc = await (await fetch(`${t.origin}/api/openapi.json`)).json() as {
    paths: Record<string, unknown>;
  };
  const documented = new Set(Object.keys(doc.paths));
  return [...declaredAccess().keys()]
    .filter((key) => key.startsWith("POST "))
    .map((key) => key.slice(5))
    .filter((path) => !documented.has(path) && !path.startsWith("/hubs/"))
    .sort();
}

async function post(path: string, body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(`${t.origin}${path}`, { method: "POST", redirect: "manual", headers, body });
  const text = await res.text();
  return {
    status: res.status,
    text,
    location: res.headers.get("location"),
    cookies: res.headers.getSetCookie(),
  };
}

describe("every page form post", () => {
  test("is found from the declared routes", async () => {
    expect(await pageFormPosts()).toEqual(Object.keys(FAILING_FIELDS).sort());
  });

  test("answers malformed fields and headers without a 500, a session or a change", async () => {
    const problems: string[] = [];
    const before = await snapshot(t.services, { includeSessions: true });
    for (const path of await pageFormPosts()) {
      const signedIn = path !== "/login";
      const cases = [
        ...FAILING_FIELDS[path].map((fields) => ({
          contentType: "application/x-www-form-urlencoded",
          body: new URLSearchParams(fields).toString() as BodyInit,
        })),
        ...unreadableBodies(),
      ];
      for (const [i, { contentType, body }] of cases.entries()) {
        for (const referer of BAD_REFERERS) {
          const headers: Record<string, string> = {};
          if (contentType) headers["content-type"] = contentType;
          if (referer) headers.referer = referer;
          if (signedIn) headers.cookie = cookie;
          const res = await post(path, body, headers);
          const name = `${path} case ${i} referer ${JSON.stringify(referer)}: ${res.status}`;
          if (res.status >= 500) problems.push(`${name} ${res.text.slice(0, 200)}`);
          if (res.cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) {
            problems.push(`${name} set a session`);
          }
          if (res.location && new URL(res.location, t.origin).origin !== t.origin) {
            problems.push(`${name} went to ${res.location}`);
          }
          if (signedIn && res.status === 303 && !res.cookies.some((c) => c.startsWith("flash="))) {
            problems.push(`${name} said nothing of its failure`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(diffSnapshots(before, await snapshot(t.services, { includeSessions: true }))).toEqual([]);
  });
});

describe("posts that failed after their work", () => {
  test("a sign-in with CR/LF in `next` goes home signed in, not to a 500 carrying the session", async () => {
    const res = await post(
      "/login",
      new URLSearchParams({
        email: "user@demo.processor",
        password: TEST_PASSWORD,
        next: "/user/account\r\nSet-Cookie: evil=1",
      }),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(res.status).toBe(303);
    expect(res.location).not.toContain("\n");
    expect(new URL(res.location!, t.origin).origin).toBe(t.origin);
    expect(res.cookies.some((c) => c.startsWith("evil="))).toBe(false);
  });

  test("a saved preference with an unparsable Referer goes home, saved", async () => {
    const sites = await t.services.db.control.query.tenantSites.findMany();
    const me = await t.services.db.control.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "user@demo.processor"),
    });
    for (const referer of ["::not a url::", "http://[::1"]) {
      const res = await post("/user/preferences", new URLSearchParams({ siteId: String(sites[0].id) }), {
        "content-type": "application/x-www-form-urlencoded",
        referer,
        cookie,
      });
      expect(res.status).toBe(303);
      expect(res.location).toBe("/");
    }
    const saved = await t.services.db.control.query.userSettings.findFirst({
      where: (s, { and, eq }) => and(eq(s.userId, me!.id), eq(s.settingType, "tenantSite")),
    });
    expect((saved!.value as { defaultTenantSiteId?: number }).defaultTenantSiteId).toBe(sites[0].id);
  });

  test("the tenant picker with an unparsable Referer and a tenant not the user's: back home, no session", async () => {
    const res = await post("/user/tenant", new URLSearchParams({ tenantId: "99999" }), {
      "content-type": "application/x-www-form-urlencoded",
      referer: "http://[::1",
      cookie,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/");
    expect(res.cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});
