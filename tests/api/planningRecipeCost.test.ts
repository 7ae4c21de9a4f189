/**
 * A recipe's cost by sales value (issue 41 item 3) on its editor page, over real HTTP on the demo
 * catalogue: a primal's cost is shared over the recipe's products in whole cents that sum exactly to it,
 * the dearer product taking more; an address whose cost is not dollars and cents is refused (400, in
 * words; the form's own field refuses it before sending).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token = "";
const LAMB = 1;

beforeAll(async () => {
  t = await serveTestApp();
  token = await t.login("super@demo.processor");
});
afterAll(() => t.close());

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, "")) * 100);

describe("a recipe's cost by sales value", () => {
  test("100 kg at $8.50 shares $850.00 over the products, to the cent", async () => {
    const recipes = await (await t.request(`/api/planning/Recipes?speciesId=${LAMB}`, { token })).json();
    const recipe = recipes.find((r: { lines: unknown[] }) => r.lines.length >= 2);
    const page = `/productionscheduling/recipeEditor/${recipe.primalId}/${recipe.id}`;
    const res = await t.request(`${page}?primalKg=100&costPerKg=8.50`, { token });
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = html.slice(html.indexOf('id="recipe-cost"'));
    expect(section).toMatch(/data-cost-total="true">\$850\.00</);
    const rows = [...section.matchAll(/<tr><td>([^<]*)<\/td>(.*?)<\/tr>/g)].map((m) => ({
      name: m[1],
      figures: [...m[2].matchAll(/<td class="num">([^<]*)<\/td>/g)].map((f) => f[1]),
    }));
    expect(rows).toHaveLength(recipe.lines.length);
    const shares = rows.map((r) => cents(r.figures[2]));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(85_000);
    // shared by sales value: the row worth more carries more of the cost
    const byValue = rows.map((r, i) => ({ value: cents(r.figures[1]), share: shares[i] }))
      .sort((a, b) => a.value - b.value);
    expect(byValue.at(-1)!.share).toBeGreaterThanOrEqual(byValue[0].share);

    const bad = await t.request(`${page}?primalKg=100&costPerKg=8.5.0`, { token });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The address has a value this page cannot use (costPerKg)");
  });
});
