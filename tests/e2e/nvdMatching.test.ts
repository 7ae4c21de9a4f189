/**
 * Match Order NVDs in Chromium: a delivered lot on a coming kill agenda shows "No NVD"; an NVD uploaded
 * (a PDF, with its serial mistyped) is suggested for that order by PIC and date with the reason, matched
 * with one click, and the badge goes from the agenda open in another window without a reload (the match
 * is announced as an order change); the order's page then links the NVD's file.
 */
import { Buffer } from "node:buffer";
import { axeFindings } from "../helpers/axe.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token = "";
const TODAY = plantDay();

interface Item {
  id: number;
  livestockOrderId: number;
  stockMobId: number | null;
  isLinkedNvd: boolean;
}
interface Waiting {
  livestockOrderId: number;
  pic: string;
  deliveryDate: string;
  totalDelivered: number;
}
let target: { item: Item; order: Waiting; agendaHref: string };

const api = async (path: string) =>
  await (await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  token = await server.login("admin@demo.processor");
  const waiting: Waiting[] = (await api("/api/livestock/GetNvdMatching")).ordersWithoutNvd;
  const model = await api("/login/usermodel");
  // the first kill day from today with a delivered lot still without its NVD (the demo leaves one in seven)
  search: for (const date of [0, 1, 2, 3, 4, 5, 6].map((d) => addDays(TODAY, d))) {
    for (const site of model.tenantSites as { id: number }[]) {
      for (const speciesId of [1, 2]) {
        const agenda = await api(
          `/api/killagenda/GetKillAgenda?date=${date}&speciesId=${speciesId}&tenantSiteId=${site.id}`,
        );
        for (const item of (agenda.items ?? []) as Item[]) {
          const order = waiting.find((w) => w.livestockOrderId === item.livestockOrderId && w.pic);
          if (item.stockMobId !== null && !item.isLinkedNvd && order) {
            target = {
              item,
              order,
              agendaHref: `/home/killagenda?date=${date}&species=${speciesId}&site=${site.id}`,
            };
            break search;
          }
        }
      }
    }
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("matching an NVD in the browser", () => {
  it("uploads an NVD, matches the suggested order, and the agenda's No NVD badge goes", async () => {
    expect(target, "a delivered lot on a coming agenda without its NVD").toBeDefined();
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);

    // the agenda stays open in a second window: the match made in the first moves its badge live
    const agenda = await browser.context.newPage();
    agenda.setDefaultTimeout(20_000);
    const row = agenda.locator(`tr[data-item="${target.item.id}"]`);
    await agenda.goto(`${server.origin}${target.agendaHref}`);
    await expect.poll(() => row.locator(".nvd-missing").count()).toBe(1);

    await page.goto(`${server.origin}/home/livestock/matchOrderNVDs`);
    await expectFits(page);
    // the page with both lists filled (every page's axe pass sees it too; here with an NVD waiting)
    expect(await axeFindings(page)).toEqual([]);
    const form = page.getByRole("form", { name: "Upload an NVD" });
    await form.getByLabel("Serial number").fill("E2E00017");
    await form.getByLabel("PIC of origin").fill(target.order.pic);
    await form.getByLabel("Date").fill(target.order.deliveryDate);
    await form.getByLabel("Head").fill(String(target.order.totalDelivered));
    await form.getByLabel("NVD file (PDF or photo)").setInputFiles({
      name: "nvd-e2e.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await form.getByRole("button", { name: "Upload NVD" }).click();
    await toast(page, "NVD E2E00017 was kept: match it to an order below.").waitFor();

    const waitingRow = page.locator("tr", { hasText: "E2E00017" });
    const suggestion = waitingRow.locator("li", { hasText: `Order ${target.order.livestockOrderId} ·` });
    await expect.poll(() => suggestion.textContent()).toMatch(/PIC \w+ matches; dated /);
    await expect.poll(() => waitingRow.getByRole("link", { name: /View NVD: nvd-e2e\.pdf/ }).count()).toBe(1);
    await suggestion.getByRole("button", { name: "Match" }).click();
    await toast(page, `NVD E2E00017 was matched to order ${target.order.livestockOrderId}.`).waitFor();
    await expect.poll(() => page.locator("tr", { hasText: "E2E00017" }).count()).toBe(0);

    await expect.poll(() => row.locator(".nvd-missing").count()).toBe(0);
    await agenda.close();
    // the order's page links the NVD's file
    await page.goto(`${server.origin}/home/livestock/orders/${target.order.livestockOrderId}`);
    await expect.poll(() => page.getByRole("link", { name: "View the NVD" }).count()).toBe(1);
    const order = await api(`/api/livestock/GetOrderNvd/${target.order.livestockOrderId}`);
    expect(order).toMatchObject({ isLinkedNvd: true, nvdPdfUrl: expect.stringMatching(/GetNvdFile\/\d+$/) });
  });
});
