/**
 * The invoice manager and editor in Chromium: create an invoice from a killed mob, price its off-grid
 * lines, add a line item, publish it while a second window holds an unsaved edit (told, not overwritten),
 * download the PDF and read it back, unpublish and finalise (each confirmed); and both screens at 1024 px.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { pdfText } from "../helpers/pdf.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let one: Awaited<ReturnType<typeof launchBrowser>>;
let two: Awaited<ReturnType<typeof launchBrowser>>;
let order: Awaited<ReturnType<typeof invoiceableOrder>>;
let editorUrl = "";

beforeAll(async () => {
  server = await serveTestApp();
  order = await invoiceableOrder(server, await server.login("admin@demo.processor"));
  one = await launchBrowser();
  two = await launchBrowser();
  await one.page.setViewportSize({ width: 1024, height: 768 });
  await recordToasts(one.context);
  await recordToasts(two.context);
  await signIn(one.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signIn(two.page, server.origin, "user@demo.processor", TEST_PASSWORD);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await server?.close();
});

describe("an invoice from the kill to final", () => {
  it("creates a draft from the chosen mob", async () => {
    const page = one.page;
    await page.goto(`${server.origin}/home/invoicemanager?speciesId=1`);
    await expectFits(page);
    const count = async (tab: string) =>
      Number(
        (await page.getByRole("link", { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).textContent())!
          .match(/\((\d+)\)/)![1],
      );
    const [toCreate, drafts] = [await count("To be created"), await count("Drafts")];
    await page.getByLabel(`Order ${order.orderId} of ${order.supplierName}`).check();
    await page.getByRole("button", { name: /Create invoices \(1 mob\)/ }).click();
    await toastWith(page, /1 invoice created/);
    await expect.poll(() => page.getByLabel(`Order ${order.orderId} of ${order.supplierName}`).count()).toBe(
      0,
    );
    // the tabs' counts follow at once, without a reload
    await expect.poll(() => count("Drafts")).toBe(drafts + 1);
    expect(await count("To be created")).toBe(toCreate - 1);
    await page.getByRole("link", { name: /Drafts/ }).click();
    const row = page.locator("tr", { hasText: order.supplierName }).first();
    await row.getByRole("link", { name: /Draft \d+/ }).click();
    await page.waitForURL(/\/edit\/\d+/);
    editorUrl = page.url();
  });

  it("prices the lines off the grid and adds a line item, each saved with a toast", async () => {
    const page = one.page;
    const unpriced = () => page.locator("tbody tr", { hasText: "no price" });
    for (let left = await unpriced().count(); left > 0; left = await unpriced().count()) {
      await unpriced().first().getByRole("button", { name: /^Adjust/ }).click();
      await page.getByLabel("$ per unit (+ or −)").fill("6.5");
      await page.getByLabel("Why").fill("Light lambs at the agreed price");
      await page.getByRole("button", { name: "Save adjustment" }).click();
      await expect.poll(() => unpriced().count()).toBe(left - 1);
      await expect.poll(() => page.getByRole("button", { name: "Save adjustment" }).count()).toBe(0);
    }
    await page.getByRole("button", { name: "Add a line item" }).click();
    await page.getByLabel("Description").fill("Freight");
    await page.getByLabel("Quantity").fill("1");
    await page.getByLabel("$ per unit (− for a deduction)").fill("-150");
    await page.getByRole("button", { name: "Add line" }).click();
    await toastWith(page, /The line item was added/);
    await expect(page.locator("td", { hasText: "Freight" }).count()).resolves.toBe(1);
    await expectFits(page);
  });

  it("publishes; the second window is told and keeps its unsaved edit", async () => {
    // the second window's editor starts only after the publish (as on a slow PC, where it starts after
    // the page is shown): it was not listening yet, and catches up once it is; the date typed before it
    // started is kept
    let release!: () => void;
    const published = new Promise<void>((resolve) => release = resolve);
    const runtime = /\/static\/runtime\/islands-[^/]+\.js$/;
    await two.page.route(runtime, async (route) => {
      await published;
      await route.continue();
    });
    await two.page.goto(editorUrl);
    const due = two.page.getByLabel("Due date");
    await due.fill("2031-03-15");
    const page = one.page;
    const heading = page.locator("#invoice-title");
    expect(await heading.textContent()).toMatch(/^Draft invoice \d+ · /);
    // publishing asks first, in plain words; the keyboard reaches it; saying no changes nothing
    const publish = page.getByRole("button", { name: "Publish", exact: true });
    await publish.focus();
    const asked = page.waitForEvent("dialog");
    // (the key press ends only once the dialog is answered: not awaited before it)
    const pressed = page.keyboard.press("Enter");
    const no = await asked;
    expect(no.type()).toBe("confirm");
    expect(no.message()).toBe(
      `Publish this invoice to ${order.supplierName}? It is numbered and issued, and its figures are then fixed.`,
    );
    await no.dismiss();
    await pressed;
    expect(await page.locator(".badge", { hasText: "Draft" }).count()).toBe(1);
    page.once("dialog", (d) => void d.accept());
    await page.keyboard.press("Enter");
    await toastWith(page, /The invoice was published/);
    await expect.poll(() => page.locator(".badge", { hasText: "Published" }).count()).toBe(1);
    // the screen shows what it now is, without a reload
    await expect.poll(() => heading.textContent()).toMatch(/^Tax invoice RCTI-\d{6} · /);
    release();
    await two.page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor({ timeout: 10_000 });
    await two.page.unroute(runtime);
    await expect.poll(() => two.page.getByText("Someone else changed this invoice").count(), {
      timeout: 10_000,
    })
      .toBe(1);
    expect(await due.inputValue()).toBe("2031-03-15");
    await two.page.getByRole("button", { name: "Load their changes" }).click();
    await expect.poll(() => two.page.locator(".badge", { hasText: "Published" }).count()).toBe(1);
  });

  it("downloads the published PDF, which reads back with its number and total", async () => {
    const page = one.page;
    const number = (await page.locator(".invoice-editor .toolbar").textContent())!.match(/RCTI-\d{6}/)![0];
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "PDF", exact: true }).click(),
    ]);
    const text = await pdfText(await Deno.readFile((await download.path())!));
    expect(text).toContain(number);
    expect(text).toContain("Recipient Created Tax Invoice");
    expect(text).toMatch(/Total payable\s+\$[\d,]+\.\d\d/);
    expect(text).toContain("Freight");
  });

  it("unpublishes and finalises, each after a confirmation", async () => {
    const page = one.page;
    page.on("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Unpublish" }).click();
    await toastWith(page, /The invoice was unpublished/);
    await expect.poll(() => page.locator(".badge", { hasText: "Draft" }).count()).toBe(1);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => page.locator(".badge", { hasText: "Published" }).count()).toBe(1);
    await page.getByRole("button", { name: "Finalise" }).click();
    await toastWith(page, /The invoice was finalised/);
    await expect.poll(() => page.locator(".badge", { hasText: "Finalised" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Unpublish" }).count()).toBe(0);
  });
});
