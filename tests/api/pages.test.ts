import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes } from "../../server/access/mod.ts";
import { APP_ROUTES } from "../../server/areas/mod.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { assetUrl } from "../helpers/assets.ts";

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

async function page(path: string, email?: string) {
  const headers: Record<string, string> = {};
  if (email) headers.cookie = `session=${await t.login(email)}`;
  const res = await t.request(path, { headers, redirect: "manual" });
  return { res, html: await res.text() };
}

const menuLinks = (html: string) =>
  [...html.matchAll(/<nav>.*?<\/nav>/gs)].join("").match(/href="[^"]+"/g) ?? [];

describe("pages", () => {
  it("sends a signed-out visitor to sign in, remembering where they were going", async () => {
    const { res } = await page("/home/clientusers");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?next=%2Fhome%2Fclientusers");
  });

  it("streams the sign-in page with no React and no island runtime", async () => {
    const { res, html } = await page("/login");
    expect(res.status).toBe(200);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('action="/login"');
    expect(html).not.toContain(assetUrl("runtime/islands"));
    expect(html).not.toContain("data-island=");
  });

  it("a page without an island ships no React; a page with a form island names the runtime for the shell to start", async () => {
    const home = await page("/home/userHome", "user@demo.processor");
    expect(home.res.status).toBe(200);
    const runtime = assetUrl("runtime/islands");
    expect(home.html).not.toContain(runtime);
    const account = await page("/user/account", "user@demo.processor");
    expect(account.html).toContain(`data-island="DataForm"`);
    expect(account.html).toMatch(new RegExp(`data-island-modules="${runtime}[ "]`)); // the runtime first
    // no script of React's in the page: the shell starts it once the page is shown
    expect(account.html).not.toContain(`<script type="module" src="${runtime}">`);
  });

  it("Home's screen tiles leave out Home itself", async () => {
    const { html } = await page("/home/userHome", "admin@demo.processor");
    const tiles = html.slice(html.indexOf('<ul class="tiles">'));
    const titles = [...tiles.slice(0, tiles.indexOf("</ul>")).matchAll(/<\/svg>\s*(?:<!-- -->)?\s*([^<]+)</g)]
      .map((m) => m[1].trim());
    expect(titles).toContain("Kill Agenda");
    expect(titles).not.toContain("Home");
  });

  it("sends a big page's content in place, not hidden for a script to reveal after a paint", async () => {
    const { html } = await page("/home/levyreporting", "admin@demo.processor");
    expect(html.length).toBeGreaterThan(12_800); // React's default size for outlining a boundary
    expect(html).toContain('<section class="panel report" aria-label="Levy report">');
    expect(html).not.toMatch(/<div hidden id="S:/);
  });

  it("holds the first paint until the main content is read: the head expects the marker that ends <main>", async () => {
    const { html } = await page("/home/livestock", "admin@demo.processor");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="expect" href="#main-end" blocking="render"/>');
    const main = html.slice(html.indexOf('<main class="shell-main"'), html.indexOf("</main>") + 7);
    expect(main).toMatch(/<span id="main-end"><\/span><\/main>$/);
  });

  it("shows admins the Users menu and plain users not", async () => {
    const admin = menuLinks((await page("/home/userHome", "admin@demo.processor")).html);
    const user = menuLinks((await page("/home/userHome", "user@demo.processor")).html);
    expect(admin).toContain('href="/home/clientusers"');
    expect(user).not.toContain('href="/home/clientusers"');
    const superMenu = menuLinks((await page("/home/userHome", "super@demo.processor")).html);
    expect(superMenu).toContain('href="/super/home"');
    expect(admin).not.toContain('href="/super/home"');
  });

  it("the menu shows where a page sits: its own entry, else the entry it is under (a report's tab)", async () => {
    const menu = (html: string) => [...html.matchAll(/<nav>.*?<\/nav>/gs)].join("");
    const current = (html: string) => menu(html).match(/<a href="([^"]+)" aria-current="(\w+)"/)?.slice(1);
    expect(current((await page("/yield", "admin@demo.processor")).html)).toEqual(["/yield", "page"]);
    // Segment Variance is a tab of Plant Analysis, not a menu entry: Plant Analysis is where it sits
    const tab = (await page("/yield/segments", "admin@demo.processor")).html;
    expect(current(tab)).toEqual(["/yield", "location"]);
    expect(tab).toMatch(/<details open="">\s*<summary>(?:(?!<\/summary>)[\s\S])*Yield Reports/);
  });

  it("never links an unbuilt screen from the menu", async () => {
    const built = new Set([...allRoutes(APP_ROUTES)].filter((r) => r.built).map((r) => r.path));
    for (const email of ["super@demo.processor", "admin@demo.processor", "producer@demo.farm"]) {
      for (const link of menuLinks((await page("/home/userHome", email)).html)) {
        expect(built.has(link.slice(6, -1))).toBe(true);
      }
    }
  });

  it("refuses a screen above the user's role with a 403 page", async () => {
    const { res, html } = await page("/home/clientusers", "user@demo.processor");
    expect(res.status).toBe(403);
    expect(html).toContain("Unauthorised");
    // in words: why, and what would open it
    expect(html).toContain(
      "You cannot open this page. It needs the Administrator role or higher; your account is User.",
    );
    const superOnly = await page("/super/home", "admin@demo.processor");
    expect(superOnly.res.status).toBe(403);
    expect(superOnly.html).toContain("You cannot open this page. It is for super administrators.");
  });

  it("a link with a value the page cannot use is a 400 in plain words, never a server error", async () => {
    const cookie = `session=${await t.login("admin@demo.processor")}`;
    for (
      const path of [
        "/home/stockyard?yard=abc",
        "/home/clientusers/useredit?id=abc",
        "/settings/newpricinggrid?species=x",
      ]
    ) {
      const res = await t.request(path, { headers: { cookie }, redirect: "manual" });
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html).toContain("The address has a value this page cannot use");
      // headed in words a plant user says, not the protocol's
      expect(html).toContain("This address cannot be opened");
      expect(html).not.toContain("Bad Request");
    }
  });

  it("redirects unknown paths to the home page", async () => {
    const { res } = await page("/no/such/screen", "user@demo.processor");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/home/livestockDashboard"); // the home page: livestock reporting comes first among the modules built (spec 1 §2)
    expect((await page("/no/such/screen")).res.headers.get("location")).toBe("/login");
  });

  it("resolves every route of the table for a super user without a server error", async () => {
    const cookie = `session=${await t.login("super@demo.processor")}`;
    for (const def of allRoutes()) {
      // (GET /logout from a test, with no browser headers, no longer signs out: every page is seen as super)
      const path = def.path.replace(/\{-\$[^}]+\}/g, "").replace(/\$(fromDate|focusDay)/g, "2026-01-05")
        .replace(/\$[A-Za-z]+/g, "1").replace(/\/$/, "") || "/";
      const needsId = ["clientUserEdit", "settingsUserEdit"].includes(def.name);
      const res = await t.request(path + (needsId ? "?id=1" : ""), {
        // as a browser asks for a page (register/handleinvite is also an API path in another case)
        headers: { cookie, accept: "text/html" },
        redirect: "manual",
      });
      await res.body?.cancel();
      // a parameter that names nothing (species "1") is 404: never a server error
      expect([200, 302, 403, 404], `${def.name} ${path}`).toContain(res.status);
    }
  });

  it("a screen later issues build says so plainly", async () => {
    // the developer playground (spec 3 §2.5) is not product behaviour: no issue builds it
    const { res, html } = await page("/playground", "super@demo.processor");
    expect(res.status).toBe(200);
    expect(html).toContain("This screen is not built yet.");
  });

  it("lists the tenant's users with a search filter from the query", async () => {
    const all = await page("/home/clientusers", "admin@demo.processor");
    expect(all.html).toContain("user@demo.processor");
    const filtered = await page("/home/clientusers?q=display", "admin@demo.processor");
    expect(filtered.html).toContain("display@demo.processor");
    expect(filtered.html).not.toContain("support@demo.processor");
  });

  it("signs in through the plain HTML form and lands on the home page", async () => {
    const body = new URLSearchParams({ email: "user@demo.processor", password: "wrong" });
    const bad = await t.request("/login", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain("The email or password is incorrect.");
    body.set("password", "test-password-1");
    body.set("next", "//evil.example/");
    const ok = await t.request("/login", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/home/livestockDashboard");
    expect(ok.headers.get("set-cookie")).toMatch(/HttpOnly/);
  });

  it("serves the OpenAPI document generated from the zod schemas", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/login/login",
        "/api/user/ChangePasswordIfAuthed",
        "/api/user/UpsertTenantUser",
      ]),
    );
    expect(doc.components.schemas.LoginBody.properties.email).toBeDefined();
    const docs = await t.request("/api/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/api/docs/assets/swagger-ui-bundle.js");
    const bundle = await t.request("/api/docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it("the header site picker sets the user's default site; a foreign site is refused", async () => {
    const token = await t.login("user@demo.processor");
    const me = await (await t.request("/login/usermodel", { token })).json();
    const form = (siteId: number) =>
      t.request("/user/preferences", {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: `session=${token}`,
          "content-type": "application/x-www-form-urlencoded",
          referer: "http://localhost/home/userHome",
        },
        body: new URLSearchParams({ siteId: String(siteId) }),
      });
    const ok = await form(me.tenantSites[1].id);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/home/userHome");
    expect((await (await t.request("/login/usermodel", { token })).json()).defaultTenantSiteId).toBe(
      me.tenantSites[1].id,
    );
    const bad = await form(9999);
    expect(bad.headers.get("set-cookie")).toMatch(/^flash=/);
    expect((await (await t.request("/login/usermodel", { token })).json()).defaultTenantSiteId).toBe(
      me.tenantSites[1].id,
    );
  });

  it("an order's own page has no Open button leading back to itself", async () => {
    const groups = await page("/home/livestock", "admin@demo.processor");
    const orderId = groups.html.match(/href="\/home\/livestock\/orders\/(\d+)"/)?.[1];
    const group = await page(
      `/home/livestock/ordergroups/${groups.html.match(/ordergroups\/(\d+)/)![1]}`,
      "admin@demo.processor",
    );
    const id = orderId ?? group.html.match(/href="\/home\/livestock\/orders\/(\d+)"/)![1];
    const { html } = await page(`/home/livestock/orders/${id}`, "admin@demo.processor");
    expect(html).not.toMatch(new RegExp(`href="/home/livestock/orders/${id}"[^>]*>Open<`));
  });

  it("a closed fold sends only its heading and a link; asked for by name, it comes open with its form", async () => {
    const groups = await page("/home/livestock", "admin@demo.processor");
    const group = groups.html.match(/ordergroups\/(\d+)/)![1];
    const id = (await page(`/home/livestock/ordergroups/${group}`, "admin@demo.processor")).html
      .match(/href="\/home\/livestock\/orders\/(\d+)"/)![1];
    const closed = (await page(`/home/livestock/orders/${id}`, "admin@demo.processor")).html;
    const fold = closed.match(/<details[^>]*data-fold="edit-order"[^>]*>[\s\S]*?<\/details>/)![0];
    expect(fold).not.toMatch(/ open[ =>]/);
    expect(fold).toContain("<summary>Edit the order</summary>");
    expect(fold).toContain(`href="/home/livestock/orders/${id}?fold=edit-order#fold-edit-order"`);
    expect(closed).not.toContain('data-island="OrderForm"');
    // (the page's facts re-read themselves on a push: the live-update island, issue 39, is its only React)

    const open = (await page(`/home/livestock/orders/${id}?fold=edit-order`, "admin@demo.processor")).html;
    expect(open).toMatch(/<details[^>]*data-fold="edit-order"[^>]*open=""/);
    expect(open).toMatch(/data-island="OrderForm"[^>]*data-island-modules="\/static\/runtime\/islands-/);
    expect(open).toContain(assetUrl("runtime/islands"));
  });

  it("the /home spelling of the ROI report display forwards to /report with its id", async () => {
    const res = await t.request("/home/RoiLayoutDisplay/7", {
      headers: { cookie: `session=${await t.login("super@demo.processor")}` },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/report/RoiLayoutDisplay/7");
    await res.body?.cancel();
  });

  it("the super home lists tenants and lets a super user work in one; others are refused", async () => {
    const superToken = await t.login("super@demo.processor");
    const { html } = await page("/super/home", "super@demo.processor");
    expect(html).toContain("Demo Farm");
    // each tenant's users are counted (the demo processor has one user per role): the row's "Users" cell
    const rowHtml = html.match(/<tr[^>]*>(?:(?!<\/tr>).)*Demo Processing(?:(?!<\/tr>).)*<\/tr>/s)?.[0] ?? "";
    const cells = [...rowHtml.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) =>
      m[1].replace(/<[^>]+>/g, "").trim()
    );
    const usersColumn = [...html.matchAll(/<th[^>]*>(.*?)<\/th>/gs)].map((m) =>
      m[1].replace(/<[^>]+>/g, "").trim()
    )
      .indexOf("Users");
    expect(Number(cells[usersColumn])).toBe(6);
    const farm = await t.services.db.control.query.tenants.findFirst({
      where: (x, { eq }) => eq(x.name, "Demo Farm"),
    });
    const post = (token: string) =>
      t.request("/user/tenant", {
        method: "POST",
        redirect: "manual",
        headers: { cookie: `session=${token}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ tenantId: String(farm!.id) }),
      });
    const res = await post(superToken);
    expect(res.status).toBe(303);
    const next = res.headers.get("set-cookie")!.match(/session=([^;]+)/)![1];
    expect((await (await t.request("/login/usermodel", { token: next })).json()).tenantName).toBe(
      "Demo Farm",
    );
    const admin = await t.login("admin@demo.processor");
    await post(admin);
    expect((await (await t.request("/login/usermodel", { token: admin })).json()).tenantName).toBe(
      "Demo Processing",
    );
  });
});
