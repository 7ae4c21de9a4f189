/**
 * Feature flags and tenant-wide actions in Chromium (issue 18 §3): with an admin's page of Demo Processing
 * open in a browser of its own, the super user turns a flag off on the Feature Flags screen and the
 * admin's open page picks it up (featureFlagUpdated: it reloads and the section the flag gates is gone);
 * working in another organisation (impersonation), the super user sees the admin online on the plant's page; "Sign everyone out" with a reason sends the admin
 * to the sign-in page, which shows the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let superUser: Awaited<ReturnType<typeof launchBrowser>>;
let admin: Awaited<ReturnType<typeof launchBrowser>>;
let processorId: number;

beforeAll(async () => {
  server = await serveTestApp();
  processorId = (await server.services.db.control.query.tenants.findFirst())!.id;
  [superUser, admin] = await Promise.all([launchBrowser(), launchBrowser()]);
  for (const b of [superUser, admin]) {
    await b.page.setViewportSize({ width: 1024, height: 768 });
    await recordToasts(b.context);
  }
  await signIn(superUser.page, server.origin, "super@demo.processor", TEST_PASSWORD);
  await signIn(admin.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
});
afterAll(async () => {
  await superUser?.close();
  await admin?.close();
  await server?.close();
});

const live = (page: typeof admin.page) =>
  page.locator("html[data-push=connected]").waitFor({ timeout: 15_000 });

describe("super: feature flags and tenant-wide actions", () => {
  it("a flag turned off reaches the admin's open page", async () => {
    await admin.page.goto(`${server.origin}/settings/integrations`);
    await live(admin.page);
    const errorsHeading = admin.page.getByRole("heading", { name: "Integration errors" });
    // the demo plant has the flag on (waited for: a page that reloads as it connects counts nothing mid-way)
    await errorsHeading.waitFor({ timeout: 15_000 });

    const page = superUser.page;
    await page.goto(`${server.origin}/super/featureflags?tenantId=${processorId}`);
    const row = page.locator("tr", { hasText: "Integration error notifications" });
    expect(await row.innerText()).toMatch(/On/);
    await row.locator('[data-island="ActionButton"][data-hydrated]').first().waitFor();
    // the super user is a member of this plant, so the push reaches their own page too: their answer is
    // held until the admin's page has had the push, and their page still ends with the toast (it waits
    // for its own save, then reloads once)
    await page.route("**/api/super/UpsertFeatureFlag", async (route) => {
      const answer = await route.fetch();
      await errorsHeading.waitFor({ state: "detached", timeout: 15_000 });
      await route.fulfill({ response: answer });
    });
    await row.getByRole("button", { name: "Turn off" }).click();
    await page.waitForLoadState("load");
    await expect.poll(async () => (await page.locator("tr", { hasText: "Integration error notifications" })
      .innerText())
    ).toMatch(/Off/);
    await toastWith(page, "Integration error notifications is off for everyone.");

    // the admin's page reloaded by itself and the section behind the flag is gone
    await errorsHeading.waitFor({ state: "detached", timeout: 15_000 });
    expect(admin.page.url()).toMatch(/\/settings\/integrations$/);
  });

  it("works in another organisation, sees the admin online, and signs everyone out with a reason", async () => {
    await live(admin.page);
    const page = superUser.page;
    // the super user works in the farm (impersonation), so signing the plant out leaves them be
    await page.goto(`${server.origin}/super/home`);
    await page.getByRole("link", { name: "Demo Farm" }).click();
    await page.locator('[data-island="ActionButton"][data-hydrated]').first().waitFor();
    await page.getByRole("button", { name: "Work in this organisation" }).click();
    await page.getByRole("button", { name: "Work in this organisation" }).last().click();
    await page.locator(".banner", { hasText: "You are working in Demo Farm as a super user." }).waitFor();
    await toastWith(page, "Now working in Demo Farm.");

    await page.goto(`${server.origin}/super/tenants/${processorId}`);
    const online = page.locator("section[aria-labelledby=tenant-online]");
    expect(await online.innerText()).toContain("Admin");

    await page.locator('[data-island="ActionButton"][data-hydrated]').first().waitFor();
    await page.getByRole("button", { name: "Sign everyone out" }).click();
    await page.getByLabel("Reason shown on the sign-in page").fill("Upgrade tonight at eight");
    await page.getByRole("button", { name: "Sign everyone out" }).last().click();
    // the button reloads the page once the action is done; its toast is on the reloaded page
    await toastWith(page, "Everyone in the organisation was signed out.");

    await admin.page.waitForURL(/\/login/, { timeout: 15_000 });
    await admin.page.getByText("Upgrade tonight at eight").first().waitFor();
    // the super user is still signed in, and the action is in the organisation's audit
    await page.goto(`${server.origin}/super/tenants/${processorId}`);
    const audit = await page.locator("section[aria-labelledby=tenant-audit]").innerText();
    expect(audit).toContain("Signed everyone out");
    expect(audit).toContain("Set a feature flag");
  });
});
