import { describe, expect, test } from "vitest";
import {
  canonicalGroupName,
  PUSH_EVENT_NAMES,
  PUSH_EVENTS,
  REFRESH_GROUPS,
  refreshGroupOf,
} from "../../../server/push/events.ts";

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
