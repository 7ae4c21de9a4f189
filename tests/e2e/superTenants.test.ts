/**
 * The super area in Chromium (issue 18 §3): a super user creates an organisation and its first admin
 * from the super home; the admin signs in with the temporary password, must change it, and then sees
 * the menu of that organisation's modules as the super user last saved them (and nothing of the super
 * area). The super user then adds a
 * user to it and resets that user's password, each shown once.
 */
import { describe, expect, it } from "vitest";
import { signIn, toastsSeen, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser("super@demo.processor");
const hydrated = '[data-island="DataForm"][data-hydrated]';
const menuTexts = async () =>
  (await t.browser.page.locator("nav .menu a").allTextContents()).map((s) => s.trim());

describe("super: organisations", () => {
  it("creates an organisation and its admin, who signs in and sees that organisation's menu", async () => {
    const { page } = t.browser;
    const origin = t.server.origin;
    await page.goto(`${origin}/super/home`);
    expect(await page.locator("tr", { hasText: "Demo Processing" }).innerText()).toContain("Wagga Wagga");
    await page.getByRole("link", { name: "New organisation" }).click();
    await page.waitForURL(/\/super\/newtenant$/);
    await page.locator(hydrated).waitFor();
    await page.locator('input[name="name"]').fill("Gippsland Lamb");
    await page.locator('select[name="category"]').selectOption("processor");
    await page.locator('textarea[name="sites"]').fill("Sale\nBairnsdale");
    await page.getByRole("group", { name: "Species" }).getByLabel("Sheep").check();
    const modules = page.getByRole("group", { name: "Modules" });
    await modules.getByLabel("Livestock", { exact: true }).check();
    await modules.getByLabel("Stockyard", { exact: true }).check();
    await page.locator('input[name="adminEmail"]').fill("manager@gippsland.example");
    await page.locator('input[name="adminFirstName"]').fill("Gina");
    await page.locator('input[name="adminLastName"]').fill("Manager");
    await page.getByRole("button", { name: "Save" }).click();
    const notice = page.locator("[data-notice=temporaryPassword] code");
    await notice.waitFor();
    const password = await notice.innerText();
    expect(password).toMatch(/^\S{14}$/);
    await toastWith(page, "The organisation was created and its database is ready.");

    await page.goto(`${origin}/super/home?q=Gippsland`);
    const row = page.locator("tr", { has: page.getByRole("link", { name: "Gippsland Lamb" }) });
    expect(await row.innerText()).toMatch(/Processor\s+Sale, Bairnsdale\s+Sheep/);
    await row.getByRole("link", { name: "Gippsland Lamb" }).click();
    await page.waitForURL(/\/super\/tenants\/\d+$/);
    expect(
      await page.locator("section[aria-labelledby=tenant-users] tr", { hasText: "manager@gippsland.example" })
        .innerText(),
    ).toContain(
      "Temporary password",
    );

    // an edit: the organisation gains the invoices module
    await page.locator(hydrated).first().waitFor();
    await page.getByRole("group", { name: "Modules" }).getByLabel("Invoices", { exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => toastsSeen(page)).toContain("The organisation was saved.");

    // the new admin, in a browser of their own
    await page.context().clearCookies();
    await signIn(page, origin, "manager@gippsland.example", password);
    await page.waitForURL(/\/user\/changepassword$/);
    await page.locator(hydrated).waitFor();
    await page.locator('input[name="newPassword"]').fill("gippsland-password-1");
    await page.locator('input[name="confirmPassword"]').fill("gippsland-password-1");
    await page.getByRole("button", { name: "Change" }).click();
    await page.waitForURL(/\/home\/stockyard$/);
    const menu = await menuTexts();
    expect(menu).toContain("Stockyard");
    expect(menu).toContain("Users");
    expect(menu).toContain("Invoice Manager"); // added by the edit
    expect(menu).not.toContain("Skin Grade"); // processor skin grade was never chosen
    expect(menu).not.toContain("Super");
    expect(await page.locator(".shell-header").innerText()).toContain("Gippsland Lamb");
    expect(await page.goto(`${origin}/super/home`).then((r) => r?.status())).toBe(403);

    await page.context().clearCookies();
    await signIn(page, origin, "super@demo.processor", "test-password-1");
  });

  it("adds a user to the organisation, then resets their password", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/home?q=Gippsland`);
    await page.getByRole("link", { name: "Gippsland Lamb" }).click();
    await page.getByRole("link", { name: "Add user" }).click();
    await page.waitForURL(/\/user$/);
    await page.locator(hydrated).waitFor();
    await page.locator('input[name="email"]').fill("yard@gippsland.example");
    await page.locator('input[name="firstName"]').fill("Yard");
    await page.locator('input[name="lastName"]').fill("Hand");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator("[data-notice=temporaryPassword] code").waitFor();

    await page.getByRole("link", { name: "Gippsland Lamb" }).click();
    await page.locator("tr", { hasText: "yard@gippsland.example" }).getByRole("link", { name: "Edit" })
      .click();
    await page.waitForURL(/\/user\?userId=\d+$/);
    await page.locator(`${hydrated} #reset-password`).waitFor();
    const reset = page.getByRole("button", { name: "Reset password" });
    expect(await reset.isDisabled()).toBe(true); // asks to confirm first
    await page.getByLabel("Confirm").check();
    await reset.click();
    const shown = page.locator("#reset-password [data-notice=temporaryPassword] code");
    await shown.waitFor();
    const fresh = await shown.innerText();
    expect(fresh).toMatch(/^\S{14}$/);
    await t.server.login("yard@gippsland.example", fresh); // the new one works
  });

  it("reprocesses a processor's kill days from its page and says what it did", async () => {
    const { page } = t.browser;
    const id = (await t.server.services.db.control.query.tenants.findFirst())!.id;
    await page.goto(`${t.server.origin}/super/tenants/${id}`);
    const form = page.locator('[data-island="DataForm"][data-hydrated]', { hasText: "First kill day" });
    await form.waitFor();
    await form.getByLabel("First kill day").fill("2020-03-01");
    await form.getByLabel("Last kill day").fill("2020-02-01");
    await form.getByRole("button", { name: "Reprocess" }).click();
    await expect.poll(() => form.locator(".field-error, [id$='-error']").allInnerTexts()).toContain(
      "The period ends before it starts.",
    );
    await form.getByLabel("Last kill day").fill("2020-03-02");
    await form.getByRole("button", { name: "Reprocess" }).click();
    await form.locator("[data-notice=summary]").waitFor();
    expect(await form.locator("[data-notice=summary]").innerText()).toContain(
      "No carcass was recorded on those days: nothing to reprocess.",
    );
    await expect.poll(() => toastsSeen(page)).toContain("The kill days were reprocessed.");
  });
});
