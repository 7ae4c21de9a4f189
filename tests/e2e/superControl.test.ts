/**
 * The super user's application and data screens in Chromium (issue 18 §3): App Control's maintenance
 * message reaches every signed-in page and goes when switched off; the processor configuration form
 * shows the server's plain-word error next to its field and then saves; the file upload puts pasted CSV
 * rows into a tenant's table; the data download link answers a zip. Each ends with its toast.
 */
import { describe, expect, it } from "vitest";
import { toastsSeen, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser("super@demo.processor");
const hydrated = (id: string) => `[data-island="DataForm"][data-hydrated] #${id}`;

describe("super: app control and data", () => {
  it("a maintenance message shows on every page until it is switched off", async () => {
    const { page } = t.browser;
    await page.goto(`${t.server.origin}/super/appControl`);
    await page.locator(hydrated("maintenance")).waitFor();
    await page.getByRole("textbox", { name: "Message" }).fill("Upgrade on Sunday from 6 to 8 am.");
    await page.getByLabel("Show it").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator("[data-maintenance]").or(page.locator(".toast")).first().waitFor();
    await toastWith(page, "The maintenance message was saved.");
    await page.goto(`${t.server.origin}/home/userHome`);
    expect(await page.locator("[data-maintenance]").innerText()).toBe("Upgrade on Sunday from 6 to 8 am.");

    await page.goto(`${t.server.origin}/super/appControl`);
    await page.locator(hydrated("maintenance")).waitFor();
    await page.getByLabel("Show it").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await toastsSeen(page)).length).toBe(2);
    await page.goto(`${t.server.origin}/home/userHome`);
    expect(await page.locator("[data-maintenance]").count()).toBe(0);
  });

  it("the processor configuration shows an error by its field, then saves", async () => {
    const { page } = t.browser;
    const id = (await t.server.services.db.control.query.tenants.findFirst())!.id;
    await page.goto(`${t.server.origin}/super/tenants/${id}`);
    await page.getByRole("link", { name: "Processor configuration" }).click();
    await page.locator(hydrated("processor-configuration")).waitFor();
    expect(await page.getByLabel("MSA licence number").count()).toBe(0); // only when MSA licensed
    await page.getByLabel("Establishment number").fill("1234567"); // a digit too many
    await page.getByLabel("Kill floors").fill("2");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.locator("#processor-configuration-document-establishmentnumber-error").innerText())
      .toBe("Up to six digits, as on the export licence");
    await page.getByLabel("Establishment number").fill("1234");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => toastsSeen(page)).toContain("The processor configuration was saved.");
    await page.reload();
    await page.locator(hydrated("processor-configuration")).waitFor();
    expect(await page.getByLabel("Establishment number").inputValue()).toBe("1234");
    expect(await page.getByText(/Last changed by Super Demo/).count()).toBe(1);
  });

  it("uploads pasted CSV rows into a table, and downloads the data as a zip", async () => {
    const { page } = t.browser;
    const id = (await t.server.services.db.control.query.tenants.findFirst())!.id;
    await page.goto(`${t.server.origin}/super/datadownload?tenantId=${id}`);
    await page.locator(hydrated("tenant-upload")).waitFor();
    await page.locator('select[name="table"]').selectOption("transport_companies");
    await page.getByLabel("File contents").fill("name,phone\nBrowser Haulage,0400 000 000\n");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => toastsSeen(page)).toContain("The rows were uploaded.");
    const db = await t.server.services.db.tenantDb(id);
    expect((await db.query.transportCompanies.findMany()).map((c) => c.name)).toContain("Browser Haulage");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download Demo Processing's data/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Demo-Processing-data.zip");
  });
});
