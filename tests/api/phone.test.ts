/**
 * Phone verification and reset-by-phone (issue 19 §5, §3) over real HTTP, with a real local HTTP server as
 * the SMS gateway recording what it is sent: the code, wrong codes and their limit, expiry, replacement,
 * the hourly cap, a gateway that fails, and a reset link texted to a verified mobile only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { phoneCodes, users } from "../../db/control/schema.ts";

interface Texted {
  to: string;
  message: string;
  authorization: string | null;
}

const texts: Texted[] = [];
let failGateway = false;
let gateway: Deno.HttpServer;
let t: Awaited<ReturnType<typeof serveTestApp>>;

beforeAll(async () => {
  gateway = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    if (failGateway) return new Response("down", { status: 500 });
    texts.push({ ...(await req.json()), authorization: req.headers.get("authorization") });
    return Response.json({ ok: true });
  });
  t = await serveTestApp({ SMS_URL: `http://127.0.0.1:${gateway.addr.port}/send`, SMS_TOKEN: "gw-secret" });
});
afterAll(async () => {
  await t?.close();
  await gateway?.shutdown();
});

const call = async (path: string, json: unknown, token?: string) => {
  const res = await t.request(path, { method: "POST", json, token });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const codeIn = (message: string) => /\b(\d{6})\b/.exec(message)![1];
const lastTextTo = (phone: string) => texts.findLast((x) => x.to === phone.replace(/\s/g, ""))!;
const me = async (token: string) => await (await t.request("/login/usermodel", { token })).json();

describe("phone verification", () => {
  test("a texted code verifies the number once; wrong codes say so and run out after five", async () => {
    const token = await t.login("user@demo.processor");
    const phone = "+61 412 345 678";
    const sent = await call("/api/user/SendPhoneCode", { phone }, token);
    expect(sent.status).toBe(200);
    const text = lastTextTo(phone);
    expect(text.to).toBe("+61412345678");
    expect(text.authorization).toBe("Bearer gw-secret");
    const code = codeIn(text.message);
    const wrong = code === "000000" ? "111111" : "000000";

    const bad = await call("/api/user/VerifyPhoneCode", { phone, code: wrong }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: "code", message: "Your code was incorrect" });
    for (let i = 0; i < 4; i++) await call("/api/user/VerifyPhoneCode", { phone, code: wrong }, token);
    const spent = await call("/api/user/VerifyPhoneCode", { phone, code }, token);
    expect(spent.status).toBe(400);
    expect(spent.body.errors[0].message).toMatch(/Too many tries/);
    expect((await me(token)).isPhoneVerified).toBe(false);

    // "new code": the last one stops working, the new one verifies
    await call("/api/user/SendPhoneCode", { phone }, token);
    const fresh = codeIn(lastTextTo(phone).message);
    const otherNumber = await call(
      "/api/user/VerifyPhoneCode",
      { phone: "+61 499 999 999", code: fresh },
      token,
    );
    expect(otherNumber.status).toBe(400);
    expect((await call("/api/user/VerifyPhoneCode", { phone, code: fresh }, token)).status).toBe(204);
    const model = await me(token);
    expect(model).toMatchObject({ isPhoneVerified: true, phone });
    expect((await call("/api/user/VerifyPhoneCode", { phone, code: fresh }, token)).status).toBe(400);

    // another number on the account is not verified until its own code comes back
    const details = await call("/api/user/UpdateUserDetails", {
      firstName: model.firstName,
      lastName: model.lastName,
      phone: "+61 400 111 222",
    }, token);
    expect(details.status).toBe(204);
    expect((await me(token)).isPhoneVerified).toBe(false);
  });

  test("bad numbers and codes are refused plainly; a code expires; five codes an hour", async () => {
    const token = await t.login("test@demo.processor");
    const local = await call("/api/user/SendPhoneCode", { phone: "0412 345 678" }, token);
    expect(local.status).toBe(400);
    expect(local.body.errors[0].message).toMatch(/Start with \+/);
    const short = await call("/api/user/VerifyPhoneCode", { phone: "+61412000111", code: "123" }, token);
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe("code");

    const phone = "+61412000111";
    await call("/api/user/SendPhoneCode", { phone }, token);
    const code = codeIn(lastTextTo(phone).message);
    const [user] = await t.services.db.control.select().from(users).where(
      eq(users.email, "test@demo.processor"),
    );
    await t.services.db.control.update(phoneCodes).set({ expiresAt: new Date(plantNoon().getTime() - 1000) })
      .where(eq(phoneCodes.userId, user.id));
    const late = await call("/api/user/VerifyPhoneCode", { phone, code }, token);
    expect(late.status).toBe(400);
    expect(late.body.errors[0].message).toMatch(/no live code/);

    for (let i = 0; i < 4; i++) {
      expect((await call("/api/user/SendPhoneCode", { phone }, token)).status).toBe(200);
    }
    const capped = await call("/api/user/SendPhoneCode", { phone }, token);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toMatch(/Five codes/);
  });

  test("a gateway that fails is a plain 503, not a 500", async () => {
    const token = await t.login("support@demo.processor");
    failGateway = true;
    try {
      const res = await call("/api/user/SendPhoneCode", { phone: "+61 412 777 888" }, token);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/could not be sent/);
    } finally {
      failGateway = false;
    }
  });

  test("forgot password by a verified mobile texts the link; an unverified one gets nothing", async () => {
    const token = await t.login("admin@demo.processor");
    const phone = "+61 413 000 999";
    await call("/api/user/SendPhoneCode", { phone }, token);
    await call("/api/user/VerifyPhoneCode", { phone, code: codeIn(lastTextTo(phone).message) }, token);
    const before = texts.length;
    expect((await call("/api/user/ForgotPassword", { userName: "+61413000999" })).status).toBe(204);
    expect(texts.length).toBe(before + 1);
    const link = /https?:\/\/\S+\/login\/forgotpassword\?token=([a-z2-7]+)/.exec(lastTextTo(phone).message)!;
    const reset = await call("/api/user/ResetPasswordAndLogin", {
      token: link[1],
      newPassword: "by-phone-pass-1",
    });
    expect(reset.status).toBe(200);

    expect((await call("/api/user/ForgotPassword", { userName: "+61 400 111 222" })).status).toBe(204);
    expect(texts.length).toBe(before + 1);
    const junk = await call("/api/user/ForgotPassword", { userName: "+61 abc" });
    expect(junk.status).toBe(400);
  });
});
