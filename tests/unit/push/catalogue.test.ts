import { describe, expect, test } from "vitest";
import { z } from "zod";
import { areaEvents, PLATFORM_EVENTS, PushCatalogue, pushEvent } from "../../../server/push/catalogue.ts";
import { PUSH_CATALOGUE } from "../../../server/areas/mod.ts";

const PUSH_EVENTS = PUSH_CATALOGUE.events;
const PUSH_EVENT_NAMES = PUSH_CATALOGUE.eventNames;
const REFRESH_GROUPS = PUSH_CATALOGUE.groups;
const canonicalGroupName = (name: string) => PUSH_CATALOGUE.canonicalGroupName(name);
const refreshGroupOf = (name: string) => PUSH_CATALOGUE.refreshGroupOf(name);

const doc = await Deno.readTextFile(new URL("../../../docs/api.md", import.meta.url));
const section = (title: string) =>
  doc.slice(doc.indexOf(title), doc.indexOf("\n### ", doc.indexOf(title) + 1));
const firstColumn = (text: string) => [...text.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]);

describe("the push catalogue and docs/api.md", () => {
  test("document every event, with its audience, and nothing else", () => {
    const rows = section("### Events the server sends");
    expect(firstColumn(rows).sort()).toEqual([...PUSH_EVENT_NAMES].sort());
    for (const name of PUSH_EVENT_NAMES) {
      const row = rows.split("\n").find((l) => l.startsWith(`| \`${name}\` |`))!;
      expect(row.split("|")[2].trim().split(" ")[0]).toBe(PUSH_EVENTS[name].audience);
    }
  });

  test("document every refresh group with its module", () => {
    const rows = section("### Refresh interest groups");
    expect(firstColumn(rows).sort()).toEqual(Object.keys(REFRESH_GROUPS).sort());
    for (const [group, { module }] of Object.entries(REFRESH_GROUPS)) {
      const row = rows.split("\n").find((l) => l.startsWith(`| \`${group}\` |`))!;
      expect(row.split("|")[2].trim()).toBe(module ?? "—");
    }
  });
});

describe("group names", () => {
  test("are matched case-insensitively and may carry a qualifier", () => {
    expect(canonicalGroupName("deliveries")).toBe("Deliveries");
    expect(canonicalGroupName("STOCKYARD:site-2")).toBe("Stockyard:site-2");
    expect(refreshGroupOf("Stockyard:2")).toBe("Stockyard");
  });

  test("refuse unknown names and unsafe qualifiers", () => {
    for (
      const bad of [
        "",
        "Gossip",
        "Stockyard:",
        "Stockyard:a b",
        "Stockyard:1:2",
        "1|Stockyard",
        `Skins:${"x".repeat(65)}`,
      ]
    ) {
      expect(canonicalGroupName(bad)).toBeNull();
    }
  });

  test("payloads are checked when published", () => {
    expect(PUSH_EVENTS.supplierAddedOrUpdated.payload.safeParse({ supplierId: 0, lastUpdated: "x" }).success)
      .toBe(false);
    expect(PUSH_EVENTS.invoiceCreated.payload.safeParse({ invoiceIds: [] }).success).toBe(false);
  });
});

describe("assembling the catalogue from the areas", () => {
  const ping = pushEvent("tenant", z.object({}), "ping");
  test("a second area declaring the same event or group fails at start-up", () => {
    expect(() => new PushCatalogue([PLATFORM_EVENTS, areaEvents({}, { forceTotalLogout: ping })])).toThrow(
      /declared twice/,
    );
    expect(() =>
      new PushCatalogue([PLATFORM_EVENTS, areaEvents({ OnlineUsers: { module: null, about: "x" } }, {})])
    ).toThrow(/declared twice/);
  });

  test("an event for a group no area declares is refused", () => {
    const stray = areaEvents({}, { strayed: pushEvent("Nowhere", z.object({}), "x") });
    expect(() => new PushCatalogue([PLATFORM_EVENTS, stray])).toThrow(/no area declares/);
  });

  test("every area's events reach the assembled catalogue", () => {
    expect(PUSH_EVENT_NAMES).toEqual(expect.arrayContaining(["deliveryStatusUpdated", "pricingGridUpdated"]));
    expect(Object.keys(REFRESH_GROUPS)).toEqual(expect.arrayContaining(["Deliveries", "OnlineUsers"]));
  });
});
