import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The page signed out with nothing running: an open island told of the lost session would navigate. */
async function freshPage() {
  await browser.page.goto("about:blank");
  await browser.context.clearCookies();
  return browser.page;
}

/** Each menu item's name, without its count badge (Support's unread chat replies); nested menus may be closed. */
const menuTexts = () =>
  browser.page.locator("nav .menu a").evaluateAll((links) =>
    links.map((a) =>
      [...a.childNodes].filter((n) => !(n instanceof Element && n.matches(".menu-count")))
        .map((n) => n.textContent).join("").trim()
    )
  );

describe("in the browser", () => {
  it("signs in and shows the menu for the role", async () => {
    const page = await freshPage();
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.waitForURL(/\/home\/livestockDashboard$/); // livestock reporting comes first in the home order (spec 1 §2)
    expect(await menuTexts()).toEqual([
      "Home",
      "Kill Agenda",
      "Stockyard",
      "Stockyard Overview",
      "Stock Locations",
      "Invoice Manager",
      "Skin Grade",
      "Support",
      "Livestock Orders",
      "Display",
      "Deliveries",
      "Undelivered Orders",
      "Carcass Distribution",
      "Livestock Management",
      "Livestock Boxing",
      "RFID Discrepancies",
      "Match Order NVDs",
      "Process Overview",
      "Livestock Dashboard",
      "Site Summary",
      "Regional Summary",
      "Kill Agenda Controlled Document",
      "Kill Agenda Report",
      "Order Report",
      "Invoice Report",
      "Feedback Sheets",
      "Levy Report",
      "Hide Report",
      "Plant Analysis",
      "Plant Analysis By Run",
      "Yield Summary Reports",
      "Operational Yield Reports",
      "Recipes", // production planning (issue 41)
      "Product Definitions",
      "Data Upload",
      "Users",
      "Settings",
    ]);
    await page.goto("about:blank"); // leave the live yard first: its islands must not race the sign-out
    await page.goto(`${server.origin}/logout`);
    await page.waitForURL(/\/login$/);

    await signIn(page, server.origin, "user@demo.processor", TEST_PASSWORD);
    await page.waitForURL(/\/home\/livestockDashboard$/);
    expect(await menuTexts()).toEqual([
      "Home",
      "Kill Agenda",
      "Stockyard",
      "Stockyard Overview",
      "Stock Locations",
      "Invoice Manager",
      "Skin Grade",
      "Support",
      "Livestock Orders",
      "Display",
      "Deliveries",
      "Undelivered Orders",
      "Carcass Distribution",
      "Livestock Management",
      "Livestock Boxing",
      "RFID Discrepancies",
      "Match Order NVDs",
      "Process Overview",
      "Livestock Dashboard",
      "Site Summary",
      "Regional Summary",
      "Kill Agenda Controlled Document",
      "Kill Agenda Report",
      "Order Report",
      "Invoice Report",
      "Feedback Sheets",
      "Levy Report",
      "Hide Report",
      "Plant Analysis",
      "Plant Analysis By Run",
      "Yield Summary Reports",
      "Operational Yield Reports",
      "Recipes",
      "Product Definitions",
      "Settings",
    ]);
    const superPage = await page.goto(`${server.origin}/super/home`);
    expect(superPage!.status()).toBe(403);
  });

  it("the theme is chosen in the user menu and kept; the page title reads whole at 1024 px", async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.goto(`${server.origin}/home/livestockDashboard`);
    const title = page.locator(".shell-title");
    expect(await title.textContent()).toBe("Livestock Dashboard");
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true); // not cut to "Livesto…"
    await page.locator(".user-menu > summary").click();
    await page.getByLabel("Theme").selectOption("dark");
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    await page.reload();
    expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
    await page.locator(".user-menu > summary").click();
    expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
    await page.getByLabel("Theme").selectOption("none");
    expect(await page.locator("html").getAttribute("data-theme")).toBeNull();
  });

  it("shows a wrong password on the sign-in page", async () => {
    const page = await freshPage();
    await signIn(page, server.origin, "user@demo.processor", "not-the-password");
    expect(await page.locator(".form-error").innerText()).toContain("The email or password is incorrect.");
  });

  it("data form: Save waits for a change, Undo restores, saving toasts", async () => {
    const page = await freshPage();
    await signIn(page, server.origin, "test@demo.processor", TEST_PASSWORD);
    await page.goto(`${server.origin}/user/account`);
    // the account details form (the page also holds the home page form)
    const account = page.locator('[data-island="DataForm"][data-hydrated]').filter({
      hasText: "Account details",
    });
    await account.waitFor({ timeout: 10_000 });
    const save = account.getByRole("button", { name: "Save" });
    const first = account.getByLabel("First name");
    expect(await save.isDisabled()).toBe(true);
    expect(await account.getByRole("button", { name: "Undo" }).count()).toBe(0);

    await first.fill("Tessa");
    expect(await save.isEnabled()).toBe(true);
    await account.getByRole("button", { name: "Undo" }).click();
    expect(await first.inputValue()).toBe("Test");
    expect(await save.isDisabled()).toBe(true);

    await first.fill("");
    await account.getByLabel("Last name").fill("Tester");
    expect(await save.isDisabled()).toBe(true); // a required field is empty
    await first.fill("Tessa");
    await save.click();
    await page.getByText("The item was saved...").first().waitFor();
    await page.reload();
    expect(await page.getByLabel("First name").inputValue()).toBe("Tessa");
  });

  it("a new user must change the temporary password before anything else", async () => {
    const admin = await server.login("super@demo.processor"); // an admin's Add user invites instead
    const res = await server.request("/api/user/UpsertTenantUser", {
      method: "POST",
      token: admin,
      json: { email: "first.day@demo.processor", firstName: "First", lastName: "Day", roleLevel: "user" },
    });
    const { temporaryPassword } = await res.json();

    const page = await freshPage();
    await signIn(page, server.origin, "first.day@demo.processor", temporaryPassword);
    await page.waitForURL(/\/user\/changepassword$/);
    await page.goto(`${server.origin}/home/userHome`);
    await page.waitForURL(/\/user\/required\?next=%2Fhome%2FuserHome$/); // what is required, in words
    await page.getByRole("link", { name: "Change password" }).click();
    await page.waitForURL(/\/user\/changepassword$/);
    // its menu offers nothing that would only bounce back here: just signing out
    expect(await menuTexts()).toEqual(["Sign out"]);
    await page.locator('[data-island="DataForm"][data-hydrated]').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel("Old password").count()).toBe(0); // temporary-password flow
    const change = page.getByRole("button", { name: "Change" });
    await page.locator('input[name="newPassword"]').fill("first-day-password");
    await page.locator('input[name="confirmPassword"]').fill("first-day-passwor");
    expect(await change.isDisabled()).toBe(true);
    expect(await page.getByRole("img", { name: "Does not match" }).count()).toBe(1);
    expect(await page.getByText("Does not match the new password.").count()).toBe(1); // in words too
    await page.locator('input[name="confirmPassword"]').fill("first-day-password");
    expect(await page.getByRole("img", { name: "Matches" }).count()).toBe(1);
    await change.click();
    await page.waitForURL(/\/home\/livestockDashboard$/, { timeout: 10_000 });
    expect(await page.locator("h1.shell-title").innerText()).toBe("Livestock Dashboard");
  });

  it("an admin adds a user in the browser, sees the invitation sent, then edits a user", async () => {
    const page = await freshPage();
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.goto(`${server.origin}/home/clientusers`);
    await page.getByRole("link", { name: "Add user" }).click();
    await page.waitForURL(/\/usernew$/);
    await page.locator('[data-island="DataForm"][data-hydrated]').waitFor({ timeout: 10_000 });
    expect(await page.locator('input[name="id"]').inputValue()).toBe("New");
    const roleOptions = await page.locator('select[name="roleLevel"] option').allInnerTexts();
    expect(roleOptions).not.toContain("Super administrator");
    // roles read as words, never code names; an API key's role is no person's (issue 35 §10a)
    expect(roleOptions).toContain("Custom template editor");
    expect(roleOptions).not.toContain("Integration partner");
    expect(roleOptions.some((o) => /^[a-z]+[A-Z]/.test(o))).toBe(false);
    await page.locator('input[name="email"]').fill("yard.hand@demo.processor");
    await page.locator('input[name="firstName"]').fill("Yard");
    await page.locator('input[name="lastName"]').fill("Hand");
    await page.getByLabel("Beef").check();
    await page.getByRole("button", { name: "Send the invitation" }).click();
    // an invitation whether or not the address has an account anywhere (issue 35 §7): no password
    const notice = page.locator("[data-notice=link] code");
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/\/register\/handleinvite\?token=\S+$/);
    expect(await page.locator("[data-notice=temporaryPassword]").count()).toBe(0);
    // the invitation carries no mobile or admin permissions, so the form does not ask for them
    expect(await page.locator('input[name="phone"], input[name="hasSupplierAdminPermission"]').count()).toBe(
      0,
    );
    // the person joins as the invitation says; here the super user adds them, to edit in the browser
    const added = await server.request("/api/user/UpsertTenantUser", {
      method: "POST",
      token: await server.login("super@demo.processor"),
      json: {
        email: "yard.helper@demo.processor",
        firstName: "Yard",
        lastName: "Helper",
        roleLevel: "user",
        allowedSpeciesIds: ["2"],
      },
    });
    expect(added.status).toBe(200);

    await page.goto(`${server.origin}/home/clientusers?q=yard`);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/useredit\?id=\d+$/);
    // the user's form (the page also holds the Yield visibility form)
    const userForm = page.locator('[data-island="DataForm"][data-hydrated] form#user');
    await userForm.waitFor({ timeout: 10_000 });
    expect(await userForm.getByRole("group", { name: "Species", exact: true }).getByLabel("Beef").isChecked())
      .toBe(true);
    await userForm.locator('select[name="roleLevel"]').selectOption("test");
    await userForm.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/home\/clientusers$/);
    expect(await page.locator("tr", { hasText: "yard.helper@demo.processor" }).innerText()).toContain(
      "Tester",
    );
  });

  it("a page another site opened is cut from it; one the app opened itself keeps its opener", async () => {
    const page = await freshPage();
    // another site's page, as a phishing site would hold it
    await page.route(
      "http://elsewhere.test/",
      (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
    );
    await page.goto("http://elsewhere.test/");
    const handleClosed = () =>
      page.evaluate(() => (globalThis as unknown as { opened: Window }).opened.closed);
    const openPopup = async (url: string) => {
      const popup = page.waitForEvent("popup");
      await page.evaluate((u) => {
        (globalThis as unknown as { opened: Window | null }).opened = open(u);
      }, url);
      const other = await popup;
      await other.waitForLoadState("load");
      await other.locator("h1, h2").first().waitFor();
      return other;
    };
    // the sign-in page answered with the opener's policy: the other site's handle comes to read as closed
    // (the browser tells the opener of the swap a moment after the page has loaded: wait for that state)
    const cut = await openPopup(`${server.origin}/login`);
    await expect.poll(handleClosed).toBe(true);
    await cut.close();
    // the app's own window opening one of its pages: no policy, no swap, the handle stays
    await page.goto(`${server.origin}/login`);
    const kept = await openPopup(`${server.origin}/login`);
    expect(await handleClosed()).toBe(false);
    await kept.close();
  });
});
