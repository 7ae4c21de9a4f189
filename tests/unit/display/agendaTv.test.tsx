/**
 * The kill agenda's TV screen (display/screens/AgendaTv.tsx): a day with lots shows its progress and the
 * lots; a day with none (a weekend, a holiday) says so and when the next kill is, without an empty
 * "0 of 0 head killed" bar.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AgendaTv } from "../../../display/screens/AgendaTv.tsx";
import type { AgendaTv as Agenda } from "../../../display/screens/model.ts";

const day: Agenda = {
  species: "Sheep",
  date: "2026-11-29",
  site: "Wagga Wagga",
  siteId: 1,
  lots: [],
  head: 0,
  killed: 0,
  target: 0,
  next: null,
};
const text = (agenda: Agenda) =>
  renderToStaticMarkup(<AgendaTv agenda={agenda} />).replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'");

describe("the kill agenda TV", () => {
  it("a day with nothing on it says so, and when the next kill is", () => {
    const shown = text({ ...day, next: { date: "2026-11-30", head: 1857, lots: 9 } });
    expect(shown).toContain("Nothing on today's agenda.");
    expect(shown.replace(/\s+/g, " ")).toContain("Next kill: Mon 30 Nov 2026 , 1,857 head in 9 lots.");
    expect(shown).not.toContain("head killed");
    expect(text(day)).not.toContain("Next kill");
  });

  it("a day with lots shows its progress and its lots", () => {
    const shown = text({
      ...day,
      lots: [{
        order: 1,
        lot: "S2911/1-01",
        supplier: "Kooringal",
        head: 480,
        killed: 120,
        state: "floor",
        status: "At kill floor",
      }],
      head: 480,
      killed: 120,
      target: 500,
    });
    expect(shown.replace(/\s+/g, " ")).toContain("120 of 480 head killed · target 500");
    expect(shown).toContain("S2911/1-01");
    expect(shown).not.toContain("Nothing on today's agenda.");
  });
});
