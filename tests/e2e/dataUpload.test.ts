/**
 * The carcass data upload in Chromium (issue 15 "file upload", home/dataupload): a plant's 20,000-row CSV
 * whose headers are not our field names goes through the column-mapping step (a required field matched by
 * hand before Upload is allowed), shows its progress while it is sent and imported, and ends with the
 * result and the new line in the recent imports; then a file with bad rows lists them by row number and
 * nothing is saved. The mob the rows belong to is a demo mob already at the kill floor, found through the
 * kill floor's own API; the upload goes to the real endpoint.
 */
import { Buffer } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { addDays } from "../../kernel/dates.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";

const SHEEP = 1;
const ROWS = 20_000;
const HEADER = "Kill Date,Body No,Lot No,Carcass Wt (kg),Fat (GR),Teeth,Sex,Skin";

interface DayView {
  date: string;
  siteId: number;
  mobs: { stockMobId: number; lot: string; processed: number }[];
  totals: { processed: number };
}

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
/** a demo mob at the kill floor on a past day, with its lot as the agenda numbered it */
let mob: { date: string; siteId: number; lot: string };

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("admin@demo.processor");
  const today = (await day()).date;
  for (let back = 1; back <= 21 && !mob; back++) {
    const d = await day(addDays(today, -back));
    const withLot = d.mobs.find((m) => !m.lot.startsWith("Order "));
    if (withLot) mob = { date: d.date, siteId: d.siteId, lot: withLot.lot };
  }
  if (!mob) throw new Error("the demo data has no sheep mob at the kill floor in the last three weeks");
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The kill floor's day for the demo's sheep, as the API reads it now. */
async function day(date?: string): Promise<DayView> {
  const query = `speciesId=${SHEEP}${date ? `&date=${date}` : ""}${mob ? `&tenantSiteId=${mob.siteId}` : ""}`;
  const res = await server.request(`${K.day}?${query}`, { token });
  expect(res.status).toBe(200);
  return res.json();
}

/** "20/11/2026": how a plant's spreadsheet writes the day (and how the screen reads it back). */
const au = (iso: string) => iso.split("-").reverse().join("/");

/** One CSV line a carcass, body numbers from `first`, all of the mob's lot. */
function csvLines(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = first + i;
    return `${au(mob.date)},${body},${mob.lot},${20 + (body % 9)}.${body % 10},${6 + (body % 12)},0,` +
      `${body % 2 ? "F" : "C"},1`;
  });
}

async function openUpload(page: Page) {
  await page.goto(`${server.origin}/home/dataupload`);
  await page.waitForSelector("[data-island=CarcassUpload][data-hydrated]");
}

async function chooseFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /^Choose (a|another) file$/ }).click();
  await (await chooser).setFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
}

/** The file dropped on the box, as a file dragged from the desktop arrives. */
async function dropFile(page: Page, name: string, text: string) {
  const dataTransfer = await page.evaluateHandle(({ name, text }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: "text/csv" }));
    return dt;
  }, { name, text });
  for (const type of ["dragenter", "dragover", "drop"]) {
    await page.dispatchEvent(".cu-drop", type, { dataTransfer });
  }
}

/** Every distinct progress line and the bar's value the page showed, from now on. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: { text: string; value: number }[] = [];
    (globalThis as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const text = document.querySelector("[data-progress-text]")?.textContent ?? "";
      const value = Number(document.querySelector("[role=progressbar]")?.getAttribute("aria-valuenow") ?? -1);
      const last = seen[seen.length - 1];
      if (text && (!last || last.text !== text || last.value !== value)) seen.push({ text, value });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { seen: { text: string; value: number }[] }).seen);
}

const importRows = (page: Page) => page.locator("table[data-imports] tbody tr[data-import]");

describe("uploading a plant's CSV of carcasses", () => {
  it("matches the columns (one by hand), shows the progress of 20,000 rows and the result", async () => {
    const { page } = browser;
    await openUpload(page);
    const before = (await day(mob.date)).totals.processed;
    const listed = await importRows(page).count();

    const csv = [HEADER, ...csvLines(10_001, ROWS)].join("\r\n") + "\r\n";
    await chooseFile(page, "kill-floor.csv", csv);

    // the mapping step: guessed from the names, the weight's column ("Carcass Wt (kg)") is not
    await expect.poll(() => page.locator("#cu-map-productionDate").inputValue()).toBe("Kill Date");
    expect(await page.locator("#cu-map-bodyNumber").inputValue()).toBe("Body No");
    expect(await page.locator("#cu-map-lot").inputValue()).toBe("Lot No");
    expect(await page.locator("#cu-map-dentition").inputValue()).toBe("Teeth");
    expect(await page.locator("#cu-map-hscwKg").inputValue()).toBe("");
    const upload = page.getByRole("button", { name: "Upload kill-floor.csv" });
    await expect.poll(() => upload.isDisabled()).toBe(true);
    await expect.poll(() => page.locator("#cu-problems").textContent()).toContain("HSCW (kg)");

    // matched by hand: the weight from the keyboard, the fat depth with the mouse; the first rows show
    await page.getByLabel("HSCW (kg)").focus();
    await page.getByLabel("HSCW (kg)").selectOption("Carcass Wt (kg)");
    await page.getByLabel("Fat depth (mm)").selectOption("Fat (GR)");
    const hscwRow = page.locator("tr[data-field=hscwKg]");
    await expect.poll(() => hscwRow.textContent()).toContain(csvLines(10_001, 1)[0].split(",")[3]);
    expect(await page.locator("#cu-problems").count()).toBe(0);
    expect(await upload.isEnabled()).toBe(true);

    // a slow line, so the bytes going up can be watched
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const seen = await watchProgress(page);
    await upload.click();
    await page.waitForSelector("[role=progressbar]");
    const sending = async () => (await seen()).filter((s) => /^Sending the file: .+ of .+/.test(s.text));
    await expect.poll(async () => (await sending()).length).toBeGreaterThanOrEqual(3);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const result = page.locator("[data-outcome=done]");
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(
      `20,000 carcasses imported: 20,000 added, 0 replaced, for ${au(mob.date)}.`,
    );
    expect(await result.evaluate((el) => el === document.activeElement)).toBe(true);
    const steps = await seen();
    // the bar moved forward while the file went up and the server read, checked and saved it
    expect(steps.filter((s) => s.text.startsWith("Sending the file")).length).toBeGreaterThan(1);
    // the server's own progress lines, shown as they arrive while it reads, checks and saves
    expect(steps.map((s) => s.text)).toContainEqual(expect.stringMatching(/^(Checking rows|Saving)/));
    const values = steps.map((s) => s.value);
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(values).toEqual([...values].sort((a, b) => a - b));

    expect((await day(mob.date)).totals.processed).toBe(before + ROWS);
    // the recent imports, once the page is read again, start with this file
    await Promise.all([
      page.waitForEvent("load"),
      page.getByRole("button", { name: "Refresh the recent imports" }).click(),
    ]);
    expect(await importRows(page).count()).toBe(listed + 1);
    const newest = await importRows(page).first().textContent();
    expect(newest).toContain("kill-floor.csv");
    expect(newest).toContain("20,000");
    expect(newest).toContain(au(mob.date));
  });

  it("takes a dropped file, lists its bad rows by number and saves nothing", async () => {
    const { page } = browser;
    await openUpload(page);
    const before = (await day(mob.date)).totals.processed;
    const listed = await importRows(page).count();

    const [first, second, third] = csvLines(40_001, 3);
    const bad = [
      HEADER,
      first,
      second.replace(/^([^,]*,[^,]*,[^,]*,)[^,]*/, "$1heavy"),
      third,
      `${au(mob.date)},40004,NOSUCHLOT,22.5,8,0,F,1`,
    ].join("\n");
    await dropFile(page, "bad.csv", bad);
    await page.getByLabel("HSCW (kg)").selectOption("Carcass Wt (kg)");
    await page.getByRole("button", { name: "Upload bad.csv" }).click();

    const rejected = page.locator("[data-outcome=rejected]");
    await rejected.waitFor();
    expect(await rejected.getByRole("alert").textContent()).toContain(
      "Nothing was saved. Fix these rows and upload the file again.",
    );
    const rows = await rejected.locator("table[data-errors] tbody tr").evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""))
    );
    expect(rows).toEqual([
      ["2", "HSCW (kg)column “Carcass Wt (kg)”", "Use a number written in digits"],
      ["4", "Lotcolumn “Lot No”", "No mob has the lot NOSUCHLOT"],
    ]);
    expect((await day(mob.date)).totals.processed).toBe(before);
    await openUpload(page);
    expect(await importRows(page).count()).toBe(listed);
  });
});
