/**
 * The display carousel's API and policy over real HTTP and real db files: a display user's default
 * rotation, an admin setting its screens (the TV's rotation follows), bad choices, who may configure,
 * a display user refused every write outside its screens, and the display session that renews itself.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { sessions } from "../../db/control/schema.ts";
import { DISPLAY_API as P } from "../../server/areas/display/paths.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
type Choice = { key: string; label: string; path: string };

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

describe("the rotation", () => {
  test("a display user's TV runs every kill agenda and its busiest yard until someone sets its screens", async () => {
    const { status, body } = await get(P.rotation, "display");
    expect(status).toBe(200);
    const paths = body.screens.map((s: { path: string }) => s.path);
    expect(paths[0]).toMatch(/^\/display\/killagendareport\//);
    expect(paths.filter((p: string) => p.startsWith("/display/stockyard"))).toHaveLength(1);
    expect(body.screens.every((s: { seconds: number }) => s.seconds === 20)).toBe(true);
  });

  test("an admin sets a display's screens in order with their seconds; the TV's rotation follows", async () => {
    const users = await get(P.users);
    expect(users.status).toBe(200);
    const display = users.body.find((u: { email: string }) => u.email === "display@demo.processor");
    const settings = await get(`${P.settings}?userId=${display.id}`);
    expect(settings.body.isConfigured).toBe(false);
    const choices = settings.body.choices as Choice[];
    const yard = choices.find((c) => c.key.startsWith("stockyard:"))!;
    const beef = choices.find((c) => c.key === "killagendareport:Beef")!;
    const saved = await post(P.save, {
      userId: display.id,
      choices: [
        { key: yard.key, on: true, seconds: 7 },
        { key: beef.key, on: true, seconds: 45 },
        { key: "killagendareport:Sheep", on: false, seconds: 20 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.isConfigured).toBe(true);
    const rotation = await get(P.rotation, "display");
    expect(rotation.body.screens).toEqual([
      { path: yard.path, seconds: 7, label: yard.label },
      { path: beef.path, seconds: 45, label: beef.label },
    ]);
  });

  test("nothing ticked, a screen it cannot show or silly seconds are refused in words", async () => {
    const none = await post(P.save, { choices: [{ key: "killagendareport:Beef", on: false }] }, "display");
    expect(none.status).toBe(400);
    expect(none.body.errors[0].message).toBe("Tick at least one screen to show.");
    const unknown = await post(P.save, { choices: [{ key: "yieldCarcass:999", on: true }] }, "display");
    expect(unknown.body.errors[0]).toEqual({
      field: "choices.0.key",
      message: "That screen is not one you can show.",
    });
    const seconds = await post(
      P.save,
      { choices: [{ key: "killagendareport:Beef", on: true, seconds: 1 }] },
      "display",
    );
    expect(seconds.status).toBe(400);
    expect(seconds.body.errors[0].message).toBe("At least 5 seconds.");
  });
});

describe("who may", () => {
  test("a display user sets its own screens, never another user's; a plain user sets none", async () => {
    const mine = await get(P.settings, "display");
    expect(mine.status).toBe(200);
    const adminId = (await get("/login/usermodel", "admin")).body.user?.id ?? 1;
    expect((await get(`${P.settings}?userId=${adminId}`, "display")).status).toBe(403);
    expect((await get(P.settings, "user")).status).toBe(403);
    expect((await post(P.save, { choices: [] }, "user")).status).toBe(403);
    // a producer's organisation has no kill or yard to show: the TV is a processor's (another processor's
    // rotation is walked by tests/security/authorization.test.ts)
    expect((await get(P.rotation, "farm")).status).toBe(403);
  });

  test("a display user is refused the API's reads and writes outside its screens", async () => {
    for (const path of ["/api/livestock/GetSkinPrices", "/api/ReciprocalInvoices/GetCreatedInvoices"]) {
      expect((await get(path, "display")).status).toBe(403);
    }
    for (
      const path of [
        "/api/killagenda/Reorder",
        "/api/livestock/UpsertSkinPrice",
        "/api/stockyard/MoveOrMergeMobs",
      ]
    ) {
      expect((await post(path, { nonsense: true }, "display")).status).toBe(403);
    }
  });

  test("a display user's pages are its screens: other pages are refused", async () => {
    const cookie = `${SESSION_COOKIE}=${tokens.display}`;
    for (
      const path of ["/home/stockyard", "/home/killagenda", "/settings/skinprice", "/home/invoicemanager"]
    ) {
      const res = await fetch(`${t.origin}${path}`, { headers: { cookie }, redirect: "manual" });
      expect([302, 303, 403, 404]).toContain(res.status);
      await res.body?.cancel();
    }
    const tv = await fetch(`${t.origin}/display/killagendareport/Beef`, { headers: { cookie } });
    expect(tv.status).toBe(200);
    expect(await tv.text()).toContain('id="tv-stage"');
  });
});

describe("the display session", () => {
  test("renews itself while the TV uses it; a person's session keeps its end", async () => {
    const db = t.services.db.control;
    const soon = new Date(plantNoon().getTime() + 3_600_000);
    for (const who of ["display", "user"]) {
      const id = tokens[who].split(".")[0];
      await db.update(sessions).set({ absoluteExpiresAt: soon }).where(eq(sessions.id, id));
      t.services.sessions.forget([id]);
      const res = await fetch(`${t.origin}/api/display/GetRotation`, {
        headers: { cookie: `${SESSION_COOKIE}=${tokens[who]}` },
      });
      await res.body?.cancel();
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (who === "display") {
        expect(row.absoluteExpiresAt.getTime()).toBeGreaterThan(plantNoon().getTime() + 20 * 86_400_000);
        expect(res.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=`);
      } else {
        expect(row.absoluteExpiresAt.getTime()).toBe(soon.getTime());
      }
    }
  });
});
