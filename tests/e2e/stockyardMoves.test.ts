/**
 * The live yard's moves in Chromium (issue 36 item 3), by mouse and by keyboard: selecting a pen is
 * not picking it up; a move starts only from "Move…" (or M); Escape cancels right after a check was
 * ticked and the tick stays; a merge asks first; Undo in the toast (or Ctrl+Z) puts a move back; head
 * above a pen's capacity is warned about with the numbers. SCREENSHOTS_DIR=… keeps screenshots of the
 * question at 1024×768 and 1920×1080.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expectFits, launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { pens, stockMobs } from "../../db/tenant/schema.ts";
import type { YardData, YardPen } from "../../client/ui/yard/model.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
const shots = Deno.env.get("SCREENSHOTS_DIR");

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("user@demo.processor");
  await signIn(browser.page, server.origin, "user@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
  await browser.page.setViewportSize({ width: 1024, height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function tenantDb() {
  const me = await (await server.request("/login/usermodel", { token })).json();
  return server.services.db.tenantDb(me.tenantId);
}

async function view(stockyardId: number): Promise<YardData> {
  const res = await server.request(`/api/stockyard/Refresh?stockyardId=${stockyardId}`, { token });
  expect(res.status).toBe(200);
  return res.json();
}

async function findYard(ok: (v: YardData) => boolean): Promise<YardData> {
  const res = await server.request("/api/stockyard/GetStockyards", { token });
  for (const { id } of (await res.json()) as { id: number }[]) {
    const v = await view(id);
    if (ok(v)) return v;
  }
  throw new Error("no demo yard has what this test needs");
}

/** an empty pen that takes `head` without asking about its capacity */
const free = (head = 1) => (p: YardPen) =>
  p.isOperational && p.head === 0 && p.livestockOrderReservedForId === null &&
  (p.capacity === 0 || p.capacity >= head);
const single = (p: YardPen) =>
  p.isOperational && p.contents.length === 1 && p.livestockOrderReservedForId === null &&
  p.status !== "pending" && p.contents[0].requirements.length > 0;

async function openYard(page: Page, id: number) {
  await page.goto(`${server.origin}/home/stockyard?yard=${id}`);
  await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
}

const pen = (page: Page, name: string) => page.locator(`[data-island=YardBoard] [data-pen-name="${name}"]`);
const moving = (page: Page) => page.locator("[data-island=YardBoard] [data-moving]").count();
const headIn = async (yardId: number, penId: number) =>
  (await view(yardId)).pens.find((p) => p.id === penId)!.head;

describe("moving mobs in the live yard", () => {
  it("by mouse: a click selects a pen and shows it without picking it up; Move… moves; Undo puts it back", async () => {
    const yard = await findYard((v) => v.pens.some((p) => single(p) && v.pens.some(free(p.head))));
    const from = yard.pens.find((p) => single(p) && yard.pens.some(free(p.head)))!;
    const to = yard.pens.find(free(from.head))!;
    const page = browser.page;
    await openYard(page, yard.yard.id);

    await pen(page, from.name).click();
    const selected = page.getByRole("region", { name: "Selected" });
    await selected.locator(`[data-selected-pen="${from.name}"]`).waitFor();
    await selected.getByRole("group", { name: "Checks" }).waitFor();
    expect(await moving(page)).toBe(0);
    // the next click only selects that pen: nothing moved
    await pen(page, to.name).click();
    await selected.locator(`[data-selected-pen="${to.name}"]`).waitFor();
    expect(await headIn(yard.yard.id, from.id)).toBe(from.head);
    expect(await headIn(yard.yard.id, to.id)).toBe(0);

    await pen(page, from.name).click();
    await page.getByRole("button", { name: "Move…" }).click();
    await page.waitForSelector(".yard-status.is-picking");
    await pen(page, to.name).click();
    const said = toast(page, `Moved ${from.head} head to pen ${to.name}.`);
    await said.waitFor();
    expect(await headIn(yard.yard.id, to.id)).toBe(from.head);
    await said.getByRole("button", { name: "Undo" }).click();
    await toast(page, `Undone: Moved ${from.head} head from pen ${from.name} to pen ${to.name}.`).waitFor();
    expect(await headIn(yard.yard.id, from.id)).toBe(from.head);
    expect(await headIn(yard.yard.id, to.id)).toBe(0);
  });

  it("by keyboard: Escape cancels a move right after a check is ticked, and the tick is kept", async () => {
    const yard = await findYard((v) => v.pens.some((p) => single(p) && v.pens.some(free(p.head))));
    const from = yard.pens.find((p) => single(p) && yard.pens.some(free(p.head)))!;
    const to = yard.pens.find(free(from.head))!;
    const check = from.contents[0].requirements[0];
    const ticked = !check.isComplete;
    const page = browser.page;
    await openYard(page, yard.yard.id);

    await pen(page, from.name).focus();
    await page.keyboard.press("Enter");
    await page.locator(`[data-selected-pen="${from.name}"]`).waitFor();
    expect(await moving(page)).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("[data-selected-pen]").count()).toBe(0);
    // M on a focused pen selects it and starts moving its mob
    await pen(page, from.name).focus();
    await page.keyboard.press("m");
    await page.waitForSelector(".yard-status.is-picking");
    await page.locator(`[data-selected-pen="${from.name}"]`).waitFor();

    const box = page.getByRole("region", { name: "Selected" }).getByLabel(check.name);
    await box.focus();
    await page.keyboard.press(" ");
    await page.keyboard.press("Escape");
    await page.waitForSelector(".yard-status:not(.is-picking)");
    await toast(page, `${check.name}: ${ticked ? "done" : "not done"}.`).waitFor();
    expect(await box.isChecked()).toBe(ticked);

    // the next pen chosen is only selected: the move was cancelled
    await pen(page, to.name).focus();
    await page.keyboard.press("Enter");
    await page.locator(`[data-selected-pen="${to.name}"]`).waitFor();
    const after = await view(yard.yard.id);
    expect(after.pens.find((p) => p.id === from.id)!.head).toBe(from.head);
    expect(after.pens.find((p) => p.id === to.id)!.head).toBe(0);
    const mob = after.pens.find((p) => p.id === from.id)!.contents[0];
    expect(mob.requirements.find((r) => r.id === check.id)!.isComplete).toBe(ticked);
    // Escape clears the selection too
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("[data-selected-pen]").count()).toBe(0);
  });

  it("asks before a merge (Cancel changes nothing), merges when confirmed, and Ctrl+Z undoes it", async () => {
    const yard = await findYard((v) => v.pens.some((p) => single(p) && p.head >= 2) && v.pens.some(free()));
    const from = yard.pens.find((p) => single(p) && p.head >= 2)!;
    const to = yard.pens.find(free())!;
    const mob = from.contents[0];
    const split = await server.request("/api/stockyard/MoveOrMergeMobs", {
      method: "POST",
      token,
      json: { stockMobId: mob.stockMobId, toPenId: to.id, head: 1, lastModified: mob.lastModified },
    });
    expect(split.status).toBe(200);
    const part = ((await split.json()) as YardData).pens.find((p) => p.id === to.id)!.contents[0];
    const page = browser.page;
    await openYard(page, yard.yard.id);

    const question = `Merge mob ${part.stockMobId} (1 head) into mob ${mob.stockMobId} (${
      from.head - 1
    } head) in pen ${from.name}?`;
    await pen(page, to.name).click();
    await page.getByRole("button", { name: "Move…" }).click();
    await pen(page, from.name).click();
    const dialog = page.getByRole("dialog", { name: "Merge mobs?" });
    await dialog.getByText(question).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await headIn(yard.yard.id, to.id)).toBe(1);

    await pen(page, to.name).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("m");
    await pen(page, from.name).focus();
    await page.keyboard.press("Enter");
    await dialog.getByText(question).waitFor();
    await page.keyboard.press("Enter"); // the confirm button has focus
    await toast(page, `Merged 1 head into pen ${from.name}.`).waitFor();
    expect(await headIn(yard.yard.id, to.id)).toBe(0);
    await page.keyboard.press("Control+z");
    await toast(page, "Undone: Merged 1 head").waitFor();
    expect(await headIn(yard.yard.id, to.id)).toBe(1);
    expect(await headIn(yard.yard.id, from.id)).toBe(from.head - 1);
  });

  it("warns above a pen's capacity with the numbers; Escape unloads nothing; confirmed it unloads", async () => {
    const yard = await findYard((v) => v.waiting.some((m) => m.head >= 2) && v.pens.some(free()));
    const load = yard.waiting.find((m) => m.head >= 2)!;
    const target = yard.pens.find(free())!;
    const db = await tenantDb();
    await db.update(pens).set({ capacity: load.head - 1 }).where(eq(pens.id, target.id));
    const page = browser.page;
    await openYard(page, yard.yard.id);

    await page.getByRole("region", { name: "Waiting to unload" }).locator(
      `[data-mob-id="${load.stockMobId}"]`,
    )
      .click();
    await page.getByRole("button", { name: "Unload…" }).click();
    await pen(page, target.name).click();
    const dialog = page.getByRole("dialog", { name: "Pen over capacity" });
    await dialog.getByText(
      `Pen ${target.name} holds ${load.head - 1} head: ${load.head} more would make ${load.head} (1 over).`,
    ).waitFor();
    await expectFits(page, 1024);
    if (shots) {
      await page.screenshot({ path: `${shots}/yard-capacity-1024.png` });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.screenshot({ path: `${shots}/yard-capacity-1920.png` });
      await page.setViewportSize({ width: 1024, height: 768 });
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForSelector(".yard-status:not(.is-picking)");
    const [still] = await db.select().from(stockMobs).where(eq(stockMobs.id, load.stockMobId));
    expect(still.penId).toBeNull();

    await page.getByRole("button", { name: "Unload…" }).click();
    await pen(page, target.name).click();
    await dialog.getByRole("button", { name: "Put them in" }).click();
    const said = toast(page, `Unloaded ${load.head} head into pen ${target.name}.`);
    await said.waitFor();
    if (shots) await page.screenshot({ path: `${shots}/yard-undo-toast-1024.png` });
    expect(await headIn(yard.yard.id, target.id)).toBe(load.head);
    await said.getByRole("button", { name: "Undo" }).click();
    await toast(page, "Undone: Unloaded").waitFor();
    expect((await view(yard.yard.id)).waiting.map((m) => m.stockMobId)).toContain(load.stockMobId);
  });
});
