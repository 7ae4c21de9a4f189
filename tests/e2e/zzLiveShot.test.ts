import { afterAll, beforeAll, it } from "vitest";
import { launchBrowser, signIn } from "../helpers/browser.ts";
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const ORIGIN = "http://localhost:8352";
beforeAll(async () => {
  browser = await launchBrowser({ at: new Date() });
});
afterAll(async () => {
  await browser?.close();
});
it("shots", async () => {
  const page = browser.page;
  const pass = Deno.env.get("PASS")!;
  await signIn(page, ORIGIN, Deno.env.get("WHO") ?? "admin@demo.processor", pass);
  if (Deno.env.get("DARK")) await page.emulateMedia({ colorScheme: "dark" });
  if (Deno.env.get("PRINT")) await page.emulateMedia({ media: "print" });
  const pages = (Deno.env.get("PAGES") ?? "/home").split(",");
  const sizes = Deno.env.get("WIDE") ? [[1024, 768], [1920, 1080]] : [[1024, 768]];
  for (const p of pages) {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(ORIGIN + p);
    await page.waitForLoadState("networkidle").catch(() => {});
    for (const [w, h] of sizes) {
      await page.setViewportSize({ width: w, height: h });
      const over = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      if (over > 0) console.log(`OVERFLOW ${p} @${w}: ${over}px`);
      await page.screenshot({
        path: `/tmp/live-shots/${p.replace(/\W+/g, "_")}-${w}${Deno.env.get("DARK") ? "-dark" : ""}.png`,
        fullPage: !!Deno.env.get("FULL"),
      });
    }
  }
}, 600_000);
