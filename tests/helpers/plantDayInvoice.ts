/**
 * The clerk's checks of tests/e2e/plantDay.test.ts: the invoice editor's money against the sums done by
 * hand (plantDayMoney.ts) from the price grid, the posted carcasses and the levy rules in force, and the
 * remittance PDF's text read back.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { levySettings } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import type { GridCells } from "../../server/areas/pricing/cells.ts";
import { bandLabel } from "../../server/areas/pricing/labels.ts";
import {
  carcassValues,
  centsOf,
  dollars,
  gstOfLine,
  handLevy,
  handLines,
  kgText,
  type PostedCarcass,
} from "./plantDayMoney.ts";

/** The levy rules in force on `date` for a species category (the latest of each kind, all sites or `siteId`'s). */
export async function leviesInForce(db: TenantDb, categoryId: number, date: string, siteId: number) {
  const rules = (await db.select().from(levySettings).where(eq(levySettings.speciesCategoryId, categoryId)))
    .filter((r) =>
      r.levyType !== "ServiceKillFee" && r.startDate <= date && [0, siteId].includes(r.tenantSiteId)
    )
    .sort((x, y) => x.startDate.localeCompare(y.startDate));
  return [...new Map(rules.map((r) => [`${r.levyType}|${r.description}`, r])).values()];
}

/**
 * The open invoice editor's carcass lines, skins, subtotal, GST, levies and total, each against the sum by
 * hand; answers the total payable in cents.
 */
export async function expectInvoiceByHand(
  page: Page,
  { cells, carcasses, levies }: {
    cells: GridCells;
    carcasses: readonly PostedCarcass[];
    levies: Awaited<ReturnType<typeof leviesInForce>>;
  },
): Promise<number> {
  const expected = handLines(cells, carcasses);
  const shown = await page.locator("table.invoice-lines tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 6).map((td) => td.textContent!.trim()))
  );
  expect(shown).toEqual(expected.map((l) => [
    "Standard",
    `${bandLabel(l.band)} kg · Fat ${l.fatScore}`,
    String(l.count),
    (l.hundredthsKg / 100).toFixed(1),
    `${dollars(l.centsPerKg)}/kg`,
    dollars(l.totalCents),
  ]));
  const carcassCents = expected.reduce((n, l) => n + l.totalCents, 0);
  // the totals table: label → amount
  const totals: Record<string, string> = Object.fromEntries(
    await page.locator(".invoice-editor tr").evaluateAll((trs) =>
      trs.filter((tr) => tr.querySelector("th[scope=row]") && tr.querySelector("td.num"))
        .map((
          tr,
        ) => [tr.querySelector("th")!.textContent!.trim(), tr.querySelector("td.num")!.textContent!.trim()])
    ),
  );
  // skins: pieces × the price a piece, each line, every head counted
  const skinRows = await page.locator("td", { hasText: /^\d+ × \$/ }).evaluateAll((tds) =>
    tds.map((td) => [td.textContent!, td.nextElementSibling!.textContent!])
  );
  let skins = 0;
  for (const [each, amount] of skinRows) {
    const pieces = Number(each.split(" × ")[0]);
    expect(centsOf(amount), each).toBe(pieces * centsOf(each));
    skins += pieces * centsOf(each);
  }
  expect(skinRows.reduce((n, [each]) => n + Number(each.split(" × ")[0]), 0)).toBe(carcasses.length);
  expect(centsOf(totals["Subtotal"])).toBe(carcassCents + skins);
  const gst = expected.reduce((n, l) => n + gstOfLine(l.totalCents), 0) + gstOfLine(skins);
  expect(centsOf(totals["GST (10%)"])).toBe(gst);
  // levies: each rule worked out on the carcasses' values
  const values = carcassValues(cells, carcasses);
  const byHand = levies.map((r) => handLevy(r, values)).filter((c) => c > 0).sort((x, y) => x - y);
  const shownLevies = Object.values(totals).filter((v) => v.startsWith("−")).map((v) => -centsOf(v));
  expect(shownLevies.sort((x, y) => x - y)).toEqual(byHand);
  const total = carcassCents + skins + gst - byHand.reduce((n, c) => n + c, 0);
  expect(centsOf(totals["Total payable"])).toBe(total);
  return total;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The remittance PDF's text: supplier, lot, head, the carcasses' total HSCW and amount, total payable, no blank page. */
export function expectRemittance(
  text: string,
  { supplier, lot, suffix, cells, carcasses, totalCents }: {
    supplier: string;
    lot: string;
    suffix: string;
    cells: GridCells;
    carcasses: readonly PostedCarcass[];
    totalCents: number;
  },
) {
  const hundredths = carcasses.reduce((n, c) => n + Math.round(c.hscwKg * 100), 0);
  const carcassCents = handLines(cells, carcasses).reduce((n, l) => n + l.totalCents, 0);
  expect(text).toContain("Recipient Created Tax Invoice");
  expect(text).toMatch(new RegExp(`SUPPLIER[^\\n]*\\n[^\\n]*${escape(supplier)}`));
  expect(text, "the lot (with its mob's letter) is on the RCTI").toMatch(
    new RegExp(`${escape(lot)} ?${escape(suffix)}\\b`),
  );
  expect(text).toMatch(new RegExp(`dead on arrival 1\\b.*processed ${carcasses.length}\\b`));
  // the carcasses' total row: head, total HSCW and amount
  expect(text).toMatch(
    new RegExp(
      `Total\\s+${carcasses.length}\\s+${escape(kgText(hundredths))}\\s+${escape(dollars(carcassCents))}`,
    ),
  );
  expect(text).toMatch(new RegExp(`Total payable\\s+${escape(dollars(totalCents))}`));
  // pdftotext ends each page with a form feed
  const pages = text.split("\f").slice(0, -1);
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.filter((p) => !p.trim()), "no blank page").toEqual([]);
  expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
}
