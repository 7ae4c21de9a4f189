/**
 * The areas' records (server/areas/area.ts): sub-areas after their parent, the seeds' order from
 * `seedsAfter`, and the page frame's parts merged from every area.
 */
import { describe, expect, test } from "vitest";
import { type Area, defineArea, flattenAreas, seedOrder, shellOf } from "../../../server/areas/area.ts";
import type { AppServices } from "../../../server/env.ts";

const names = (areas: readonly Area[]) => areas.map((a) => a.name);

describe("flattenAreas", () => {
  test("lists every area and sub-area, each after its parent, in list order", () => {
    const areas = [
      defineArea({
        name: "super",
        parts: [{ name: "super › tenants" }, { name: "super › data", parts: [{ name: "deep" }] }],
      }),
      defineArea({ name: "stockyard", parts: [{ name: "stockyard › rfid" }] }),
      defineArea({ name: "home" }),
    ];
    expect(names(flattenAreas(areas))).toEqual([
      "super",
      "super › tenants",
      "super › data",
      "deep",
      "stockyard",
      "stockyard › rfid",
      "home",
    ]);
  });
});

describe("seedOrder", () => {
  test("keeps list order, and runs an area right after the last of those it seeds after", () => {
    const areas: Area[] = [
      { name: "orders", seedsAfter: ["pricing", "parties"] },
      { name: "parties" },
      { name: "yard", seedsAfter: ["orders"] },
      { name: "pricing" },
      { name: "home" },
    ];
    expect(names(seedOrder(areas))).toEqual(["parties", "pricing", "orders", "yard", "home"]);
  });

  test("fails on a name that is no area, and on seeds that wait on each other", () => {
    expect(() => seedOrder([{ name: "orders", seedsAfter: ["prices"] }]))
      .toThrow("orders seeds after prices, which is no area.");
    expect(() =>
      seedOrder([{ name: "a", seedsAfter: ["b"] }, { name: "b", seedsAfter: ["a"] }, { name: "c" }])
    )
      .toThrow("The seeds of a, b wait on each other.");
  });
});

describe("shellOf", () => {
  const services = {} as AppServices;
  const tv = () => null;
  const save = () => Promise.resolve();

  test("every area's banner in list order, their keys joined, one save and one TV document", () => {
    const shell = shellOf([
      { name: "control", shell: { banner: () => "maintenance", bannerKey: () => "down at 6" } },
      { name: "users", shell: { saveOwnSetting: save } },
      { name: "notices", shell: { banner: () => "notice", bannerKey: () => "" } },
      { name: "display", shell: { tvDocument: tv } },
      { name: "home" },
    ]);
    expect(shell.banners.map((b) => b({ services }))).toEqual(["maintenance", "notice"]);
    expect(shell.bannerKey(services)).toBe("down at 6\u0000");
    expect(shell.saveOwnSetting).toBe(save);
    expect(shell.tvDocument).toBe(tv);
  });

  test("fails at start-up when no area, or two, supply the save or the TV document", () => {
    expect(() => shellOf([{ name: "users", shell: { saveOwnSetting: save } }]))
      .toThrow("The page frame's tvDocument must come from one area; no area does.");
    expect(() =>
      shellOf([
        { name: "display", shell: { tvDocument: tv, saveOwnSetting: save } },
        { name: "users", shell: { saveOwnSetting: save } },
      ])
    ).toThrow("The page frame's saveOwnSetting must come from one area; display and users supply it.");
  });
});
