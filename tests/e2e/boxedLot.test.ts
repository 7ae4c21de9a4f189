/**
 * A boxed lot on the floor's TV (issue 39 item 4), in Chromium: two of today's delivered sheep orders,
 * penned apart in one yard, boxed into one lot; the TV's kill agenda screen shows the lot as one line with
 * both orders' head. (The yard's offer to bring the rest of a lot along is not tested here: orders may not
 * share a pen, spec 1 §5, so it can only offer the same order's other mob; docs/decisions.md.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { BOXING_API } from "../../server/areas/livestock/boxing/api.ts";
import type { YardData, YardMob } from "../../client/ui/yard/model.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("admin@demo.processor");
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
  await browser.page.setViewportSize({ width: 1024, height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const call = async <T>(path: string, json?: unknown): Promise<T> => {
  const res = await server.request(path, json === undefined ? { token } : { method: "POST", token, json });
  expect(res.status, `${path}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return await res.json() as T;
};
const yardView = (id: number) => call<YardData>(`/api/stockyard/Refresh?stockyardId=${id}`);

describe("a boxed lot on the TV", () => {
  it("the kill agenda screen shows the lot as one line with both orders' head", async () => {
    // two of today's delivered sheep orders, each mob alone in its pen (today's agenda is the TV's)
    const yards = await call<{ id: number }[]>("/api/stockyard/GetStockyards");
    let found: { a: YardMob; b: YardMob } | undefined;
    for (const { id } of yards) {
      const v = await yardView(id);
      const alone = v.pens.filter((p) =>
        p.isOperational && p.contents.length === 1 && p.contents[0].speciesId === 1 &&
        p.contents[0].boxedLotRef === null && p.livestockOrderReservedForId === null && p.status !== "pending"
      ).map((p) => p.contents[0]);
      const today = alone.filter((m) => m.applicableProductionDate === plantDay());
      const b = today.find((m) => m.livestockOrderId !== today[0].livestockOrderId);
      if (b) {
        found = { a: today[0], b };
        break;
      }
    }
    expect(found, "a demo yard with two of today's sheep orders' mobs alone in pens").toBeDefined();
    const { a, b } = found!;

    // boxed into one lot (from the boxing read of their delivery day)
    type Candidate = { livestockOrderId: number; lastModified: string | null };
    const candidates: Candidate[] = [];
    for (const day of [plantDay(-1), plantDay(0), plantDay(-2)]) {
      const read = await call<{ candidates: Candidate[] }>(`${BOXING_API.read}?date=${day}&speciesId=1`);
      candidates.push(...read.candidates);
    }
    const orders = [a, b].map((m) => candidates.find((c) => c.livestockOrderId === m.livestockOrderId)!);
    expect(orders.every(Boolean), "both orders may be boxed").toBe(true);
    const { boxedLotRef: ref } = await call<{ boxedLotRef: string }>(BOXING_API.update, {
      boxed: true,
      orders,
    });
    expect(ref).toBeTruthy();
    const page = browser.page;

    // the TV's kill agenda: the lot is one line with both orders' head
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${server.origin}/display/killagendareport/sheep`);
    const line = page.locator(`tr[data-lot="${ref}"]`);
    await line.waitFor();
    expect(await line.count()).toBe(1);
    const cells = await line.locator("td").allInnerTexts();
    expect(cells[1]).toBe(ref);
    expect(cells[2]).toContain(" + "); // both suppliers
    // the agenda's head of both orders (a mob in the yard may hold fewer than its order's head)
    const agenda = await call<{ items: { livestockOrderId: number; numberOfHead: number }[] }>(
      "/api/killagenda/GetKillAgenda?speciesId=1",
    );
    const head = agenda.items.filter((i) =>
      i.livestockOrderId === a.livestockOrderId || i.livestockOrderId === b.livestockOrderId
    )
      .reduce((n, i) => n + i.numberOfHead, 0);
    expect(cells[3].replace(/\D/g, "")).toBe(String(head));
    await page.setViewportSize({ width: 1024, height: 768 });
  });
});
