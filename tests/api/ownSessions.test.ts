/**
 * A user's own sessions (issue 19 §6, ASVS V7) over real HTTP: the list with device, address and times,
 * ending one or all the others, never someone else's; an admin ending a user's sessions.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  t = await serveTestApp();
});
afterAll(() => t.close());

/** A sign-in over real HTTP as a browser or a script would make it. */
async function signIn(email: string, userAgent = "sessions-test/1.0") {
  const res = await fetch(`${t.origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token as string;
}

async function call(token: string, path: string, json?: unknown) {
  const res = await fetch(`${t.origin}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const alive = async (token: string) => (await call(token, "/login/usermodel")).status === 200;

type Listed = {
  sessionId: string;
  device: string;
  ipAddress: string;
  signedInAt: string;
  isCurrent: boolean;
};

describe("your sessions", () => {
  test("lists every device signed in as you, and ends one of the others", async () => {
    const office = await signIn("user@demo.processor", WINDOWS_CHROME);
    const script = await signIn("user@demo.processor");
    const { status, body } = await call(office, "/api/user/GetMySessions");
    expect(status).toBe(200);
    const list = body as Listed[];
    const mine = list.find((s) => s.isCurrent)!;
    expect(mine.device).toBe("Chrome on Windows");
    expect(mine.ipAddress).toBe("127.0.0.1");
    expect(mine.signedInAt).toBe(plantNoon().toISOString()); // signed in on the pinned clock
    const other = list.find((s) => !s.isCurrent && s.device === "An app or script")!;
    expect(other).toBeDefined();

    const self = await call(office, "/api/user/EndMySession", { sessionId: mine.sessionId });
    expect(self.status).toBe(400);
    expect(self.body.errors[0].message).toMatch(/sign out to end it/);
    const ended = await call(office, "/api/user/EndMySession", { sessionId: other.sessionId });
    expect(ended.status).toBe(204);
    expect(await alive(script)).toBe(false);
    expect(await alive(office)).toBe(true);
    const again = await call(office, "/api/user/EndMySession", { sessionId: other.sessionId });
    expect(again.status).toBe(404);
  });

  test("never ends someone else's session", async () => {
    const mine = await signIn("user@demo.processor");
    const theirs = await signIn("admin@demo.processor");
    const theirId =
      ((await call(theirs, "/api/user/GetMySessions")).body as Listed[]).find((s) => s.isCurrent)!
        .sessionId;
    const res = await call(mine, "/api/user/EndMySession", { sessionId: theirId });
    expect(res.status).toBe(404);
    expect(await alive(theirs)).toBe(true);
  });

  test("signs out everywhere else at once", async () => {
    const keep = await signIn("display@demo.processor");
    const others = [await signIn("display@demo.processor"), await signIn("display@demo.processor")];
    const res = await call(keep, "/api/user/EndMyOtherSessions", {});
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(2);
    for (const token of others) expect(await alive(token)).toBe(false);
    expect(await alive(keep)).toBe(true);
    expect((await call(keep, "/api/user/GetMySessions")).body).toHaveLength(1);
  });

  test("an admin ends a user's sessions; a user may not", async () => {
    const admin = await signIn("admin@demo.processor");
    const user = await signIn("test@demo.processor");
    const userId = (await call(user, "/login/usermodel")).body.id;
    const refused = await call(user, "/api/user/EndTenantUserSessions", { id: userId });
    expect(refused.status).toBe(403);
    const res = await call(admin, "/api/user/EndTenantUserSessions", { id: userId });
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(1);
    expect(await alive(user)).toBe(false);
    const adminId = (await call(admin, "/login/usermodel")).body.id;
    expect((await call(admin, "/api/user/EndTenantUserSessions", { id: adminId })).status).toBe(400);
    expect((await call(admin, "/api/user/EndTenantUserSessions", { id: 99999 })).status).toBe(404);
  });
});
