/**
 * A boxed lot in the live yard and on the floor's TV (issue 39 item 4), in Chromium: two of today's
 * delivered sheep orders boxed into one lot and penned together (a lot's orders may share a pen); moving
 * one of their mobs whole to an empty pen offers to bring the rest of the lot, and accepting moves it
 * there too; the TV's kill agenda screen shows the lot as one line with both orders' head.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { toast } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { plantDay } from "../helpers/clock.ts";
import { stockMobs } from "../../db/tenant/schema.ts";
import { BOXING_API } from "../../server/areas/livestock/boxing/api.ts";
import type { YardData, YardMob } from "../../client/ui/yard/model.ts";

const t = signedInBrowser("admin@demo.processor", { token: true });

const call = async <T>(path: string, json?: unknown): Promise<T> => {
  const { server, token } = t;
  const res = await server.request(path, json === undefined ? { token } : { method: "POST", token, json });
  expect(res.status, `${path}: ${res.status === 200 ? "" : await res.clone().text()}`).toBe(200);
  return await res.json() as T;
};
const yardView = (id: number) => call<YardData>(`/api/stockyard/Refresh?stockyardId=${id}`);

describe("a boxed lot in the yard and on the TV", () => {
  it("moving one of its mobs brings the rest of the lot along; the TV shows the lot as one line", async () => {
    // two of today's delivered sheep orders, each mob alone in its pen (today's agenda is the TV's)
    const yards = await call<{ id: number }[]>("/api/stockyard/GetStockyards");
    let found: { yardId: number; a: YardMob; b: YardMob } | undefined;
    for (const { id } of yards) {
      const v = await yardView(id);
      const alone = v.pens.filter((p) =>
        p.isOperational && p.contents.length === 1 && p.contents[0].speciesId === 1 &&
        p.contents[0].boxedLotRef === null && p.livestockOrderReservedForId === null && p.status !== "pending"
      ).map((p) => p.contents[0]);
      const today = alone.filter((m) => m.applicableProductionDate === plantDay());
      const b = today.find((m) => m.livestockOrderId !== today[0].livestockOrderId);
      const room = b &&
        v.pens.some((p) =>
          p.isOperational && p.head === 0 && p.livestockOrderReservedForId === null &&
          (p.capacity === 0 || p.capacity >= today[0].head)
        );
      if (b && room) {
        found = { yardId: id, a: today[0], b };
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
    const { page } = t.browser;

    // the yard: b's mob joins a's pen (lot-mates may share one); a's mob then moves whole to an empty pen,
    // and the toast offers b's mob, which follows
    const yard = await yardView(found!.yardId);
    const to = yard.pens.find((p) =>
      p.isOperational && p.head === 0 && p.livestockOrderReservedForId === null &&
      (p.capacity === 0 || p.capacity >= a.head)
    )!;
    const db = await t.server.services.db.tenantDb(
      (await call<{ tenantId: number }>("/login/usermodel")).tenantId,
    );
    const [bNow] = await db.select().from(stockMobs).where(eq(stockMobs.id, b.stockMobId));
    await call("/api/stockyard/MoveOrMergeMobs", {
      stockMobId: b.stockMobId,
      toPenId: a.penId,
      lastModified: bNow.lastModified,
      confirmOverCapacity: true,
    });
    const together = (await yardView(yard.yard.id)).pens.find((p) => p.id === a.penId)!;
    expect(together.contents.map((m) => m.boxedLotRef)).toEqual([ref, ref]);
    await page.goto(`${t.server.origin}/home/stockyard?yard=${yard.yard.id}`);
    await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
    const pen = (name: string) => page.locator(`[data-island=YardBoard] [data-pen-name="${name}"]`);
    await pen(together.name).click();
    const mobs = page.getByRole("list", { name: `Mobs in pen ${together.name}` }).getByRole("button");
    await mobs.nth(together.contents.findIndex((m) => m.stockMobId === a.stockMobId)).click();
    await page.getByRole("button", { name: "Move…" }).click();
    await page.waitForSelector(".yard-status.is-picking");
    await pen(to.name).click();
    const offer = toast(page, `Boxed lot ${ref} has 1 more mob (${b.head} head) in the pen it left.`);
    await offer.getByRole("button", { name: `Move it to pen ${to.name}` }).click();
    // each mob asks as any move does: the demo's pens hold one mob's head, so the second is over capacity
    if (to.capacity > 0 && a.head + b.head > to.capacity) {
      await page.getByRole("dialog", { name: "Pen over capacity" }).getByRole("button", {
        name: "Put them in",
      })
        .click();
    }
    await expect.poll(async () =>
      (await yardView(yard.yard.id)).pens.find((p) => p.id === to.id)!.contents.map((m) => m.stockMobId)
        .sort()
    ).toEqual([a.stockMobId, b.stockMobId].sort());
    expect((await yardView(yard.yard.id)).pens.find((p) => p.id === a.penId)!.head).toBe(0);

    // the TV's kill agenda: the lot is one line with both orders' head
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${t.server.origin}/display/killagendareport/sheep`);
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
