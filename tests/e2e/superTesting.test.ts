/**
 * The super user's Testing screen in Chromium: "Run all checks" fills the table with each check's result
 * (the mail server a real SMTP server, texts to the Outbox); one check runs on its own; the test email
 * arrives at the mail server and the test text is refused, then sent with the number in the
 * international format; a test notification reaches the chosen user; a producer's interchange is "not
 * configured". Each action ends with its toast; the page fits 1024 px and works from the keyboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { interchangeClients, notifications } from "../../db/tenant/schema.ts";
import { tenants } from "../../db/control/schema.ts";
import { expectFits, launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { startSmtp } from "../helpers/smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await serveTestApp({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  await browser.page.setViewportSize({ width: 1024, height: 768 });
  await recordToasts(browser.context);
  await signIn(browser.page, server.origin, "super@demo.processor", TEST_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** The row of a check in the table, by its name. */
const row = (page: Page, check: string) =>
  page.locator("table.table tbody tr").filter({ has: page.getByText(check, { exact: true }) });
const statusOf = (page: Page, check: string) => row(page, check).locator("[data-status]").innerText();
const hydrated = (id: string) => `[data-island="DataForm"][data-hydrated] #${id}`;

describe("super: testing", () => {
  it("runs every check, then one, and shows each result in its row", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/super/home`);
    // the super home's link (the side menu also has the tester's home, also named Testing)
    await page.locator('a[href="/super/testing"]').first().click();
    await page.waitForURL(/\/super\/testing/);
    expect(await row(page, "Mail server").innerText()).toContain("Not run yet");
    expect(await row(page, "Mail server").innerText()).toMatch(/smtp:\/\/127\.0\.0\.1:\d+/);
    await expectFits(page);

    await page.getByRole("button", { name: "Run all checks" }).click();
    await toastWith(page, /The checks ran/);
    await expect.poll(() => statusOf(page, "Mail server")).toBe("OK");
    expect(await statusOf(page, "Control database")).toBe("OK");
    expect(await statusOf(page, "Organisation's database")).toBe("OK");
    expect(await statusOf(page, "SMS gateway")).toBe("Not configured");
    expect(await row(page, "SMS gateway").innerText()).toContain("texts go to the Outbox");
    expect(await statusOf(page, "File storage")).toBe("OK");
    expect(await statusOf(page, "Plant interchange")).toBe("OK");
    expect(await row(page, "Plant interchange").innerText()).toContain("Interchange is available.");
    expect(await row(page, "Mail server").innerText()).toContain("Super Demo");
    expect(smtp.received).toHaveLength(0); // a check sends nothing
    await expectFits(page);

    // one check from the keyboard: its own button, Enter
    const processorDb = await server.services.db.tenantDb(
      (await server.services.db.control.query.tenants.findFirst())!.id,
    );
    await processorDb.update(interchangeClients).set({ lastHeartbeatAt: "2020-01-01T00:00:00.000Z" });
    await row(page, "Plant interchange").getByRole("button", { name: "Ping" }).focus();
    await page.keyboard.press("Enter");
    await toastWith(page, /Pinged the plant interchange/);
    await expect.poll(() => statusOf(page, "Plant interchange")).toBe("Failed");
    expect(await row(page, "Plant interchange").innerText()).toContain("Interchange NOT available.");
    expect(await statusOf(page, "Mail server")).toBe("OK"); // the others keep their last result
  });

  it("sends a test email, and a test text once the number is a mobile", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/super/testing`);
    await page.locator(hydrated("test-email")).waitFor();
    expect(await page.locator("#test-email [name=to]").inputValue()).toBe("super@demo.processor");
    await page.getByRole("button", { name: "Send test email" }).click();
    await toastWith(page, /The test email was sent/);
    expect(await page.locator("#test-email [data-notice=result]").innerText()).toMatch(
      /Sent to super@demo\.processor through the mail server at smtp:\/\/127\.0\.0\.1:\d+\./,
    );
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0].to).toEqual(["super@demo.processor"]);

    await page.locator("#test-text [name=to]").fill("02 9876 5432");
    await page.getByRole("button", { name: "Send test text" }).click();
    await expect.poll(() => page.locator("#test-text-to-error").innerText()).toContain(
      "Enter a mobile number",
    );
    await page.locator("#test-text [name=to]").fill("0412 345 678");
    await page.getByRole("button", { name: "Send test text" }).click();
    await toastWith(page, /The test text was sent/);
    expect(await page.locator("#test-text [data-notice=result]").innerText()).toContain(
      "No SMS gateway is configured: the text to +61 412 345 678 is in the Outbox.",
    );
    expect(await page.locator("#test-text [name=to]").inputValue()).toBe("+61 412 345 678");
    expect(server.services.sms.outbox.at(-1)?.to).toBe("+61 412 345 678");
    await expectFits(page);
  });

  it("sends a test notification to a chosen user; a producer has no interchange", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/super/testing`);
    await page.locator(hydrated("test-notification")).waitFor();
    await page.locator("#test-notification [name=userId]").selectOption({
      label: "User Demo (user@demo.processor)",
    });
    await page.locator("#test-notification [name=title]").fill("Browser test notification");
    await page.getByRole("button", { name: "Send test notification" }).click();
    await toastWith(page, /The test notification was sent/);
    const control = server.services.db.control;
    const processor =
      (await control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Processing") }))!;
    const user =
      (await control.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "user@demo.processor") }))!;
    const db = await server.services.db.tenantDb(processor.id);
    expect(
      await db.select().from(notifications).where(
        and(eq(notifications.userId, user.id), eq(notifications.title, "Browser test notification")),
      ),
    ).toHaveLength(1);

    await page.locator("#tenant-picker").selectOption({ label: "Demo Farm" });
    await page.waitForURL(/tenantId=/);
    expect(await row(page, "Plant interchange").innerText()).toContain("Not run yet");
    await row(page, "Plant interchange").getByRole("button", { name: "Ping" }).click();
    await toastWith(page, /Pinged the plant interchange/);
    await expect.poll(() => statusOf(page, "Plant interchange")).toBe("Not configured");
    expect(await row(page, "Plant interchange").innerText()).toContain("Demo Farm is a producer");
    expect(await page.getByRole("heading", { name: "Test notification in Demo Farm" }).count()).toBe(1);
    await expectFits(page);
  });
});

describe("the testing home: yield reprocessing and /tester", () => {
  const panel = (page: Page) => page.getByRole("region", { name: "Yield reprocessing" });
  const button = (page: Page, name: string) => panel(page).getByRole("button", { name, exact: true });
  const processorDb = async () => {
    const [t] = await server.services.db.control.select().from(tenants).where(
      eq(tenants.name, "Demo Processing"),
    );
    return server.services.db.tenantDb(t.id);
  };

  it("refuses a range under 1 or over 21 days, waits for interchange, counts, reprocesses; a failure pings", async () => {
    const page = browser.page;
    const db = await processorDb();
    // the plant's interchange last heard from an hour ago: not available
    const hourAgo = new Date(plantNoon().getTime() - 3_600_000).toISOString(); // on the pinned clock
    await db.update(interchangeClients).set({ lastHeartbeatAt: hourAgo });
    await page.goto(`${server.origin}/super/testing`);
    await page.locator("[data-island=YieldReprocess][data-hydrated]").waitFor();
    expect(await panel(page).getByRole("combobox", { name: "Client" }).inputValue()).not.toBe("");
    // the product-code chooser: 'All products' first, then the client's codes of the species
    const product = panel(page).getByRole("combobox", { name: "Product code" });
    expect(await product.inputValue()).toBe("");
    await expect.poll(() => product.locator("option").count()).toBeGreaterThan(1);
    expect(await product.locator("option").first().innerText()).toBe("All products");
    const from = panel(page).getByLabel("From");
    const to = panel(page).getByLabel("To");
    const days = { from: await from.inputValue(), to: await to.inputValue() };

    await to.fill("2026-11-01");
    await from.fill("2026-11-02");
    expect(await panel(page).innerText()).toContain("invalid range (21 days is max)");
    expect(await button(page, "Count").isDisabled()).toBe(true);
    await from.fill("2026-10-11");
    expect(await panel(page).innerText()).toContain("22 day range not allowed (21 days is max)");
    expect(await button(page, "Count").isDisabled()).toBe(true);
    await from.fill(days.from);
    await to.fill(days.to);
    expect(await panel(page).innerText()).toContain("7 days, counted inclusively.");

    // counted, but Reprocess waits for the interchange; Check again finds it back
    expect(await panel(page).getByRole("status").first().innerText()).toContain(
      "Interchange is not available",
    );
    await button(page, "Count").click();
    await panel(page).locator("dl[aria-label=Counts]").waitFor();
    expect(await button(page, "Reprocess").isDisabled()).toBe(true);
    await db.update(interchangeClients).set({ lastHeartbeatAt: plantNoon().toISOString() });
    await button(page, "Check again").click();
    await expect.poll(() => button(page, "Reprocess").isDisabled()).toBe(false);

    // the cartons change after counting: Error occurred!, then the interchange is pinged
    const [carton] = await db.all<{ id: number }>(
      sql`select id from cartons where production_date = ${days.to} and species_id = 1 limit 1`,
    );
    await db.run(sql`update cartons set production_date = '2020-01-01' where id = ${carton.id}`);
    await button(page, "Reprocess").click();
    const failed = panel(page).getByRole("alert");
    await expect.poll(() => failed.innerText()).toContain("Interchange is available.");
    expect(await failed.innerText()).toContain("Error occurred!");
    expect(await failed.innerText()).toContain("The cartons changed since they were counted");

    await button(page, "Count").click();
    await expect.poll(() => button(page, "Reprocess").isDisabled()).toBe(false);
    await button(page, "Reprocess").click();
    await toastWith(page, /yield summaries were rebuilt/);
    expect(await panel(page).getByRole("status").last().innerText()).toMatch(
      /rebuilt over 7 days in [\d.]+ seconds/,
    );
    await expectFits(page);
  });

  it("a tester's home shows their organisation's panels and its files", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/logout`);
    await signIn(page, server.origin, "test@demo.processor", TEST_PASSWORD);
    await page.goto(`${server.origin}/tester`);
    expect(await page.getByRole("heading", { name: "Interchange clients" }).count()).toBe(1);
    expect(await page.getByRole("combobox", { name: "Client" }).locator("option").allInnerTexts()).toEqual([
      "Demo Processing",
    ]);
    await expectFits(page);
    await page.getByRole("link", { name: "Files", exact: true }).click();
    await page.getByRole("heading", { name: "Data files" }).waitFor();
    await expectFits(page);
  });
});
