import { describe, expect, test } from "vitest";
import {
  clampSeconds,
  type DisplayScreen,
  nextIndex,
  positionAt,
  rotationOf,
  screenKey,
  screenPath,
} from "./rotation.ts";

const beef: DisplayScreen = { kind: "killagendareport", species: "Beef", seconds: 20 };
const yard: DisplayScreen = { kind: "stockyard", stockyardId: 3, seconds: 30 };
const allowed = [screenKey(beef), screenKey(yard)];

describe("the rotation", () => {
  test("screens have their pages and keys", () => {
    expect(screenPath(beef)).toBe("/display/killagendareport/Beef");
    expect(screenPath(yard)).toBe("/display/stockyard?yard=3");
    expect(screenKey(yard)).toBe("stockyard:3");
  });

  test("the next screen wraps; a single screen stays", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  test("stored settings are made safe: unknown kinds, screens it may not show and repeats dropped, seconds clamped", () => {
    const stored = {
      screens: [
        { kind: "stockyard", stockyardId: 3, seconds: 2 },
        { kind: "yieldCarcass", seconds: 20 },
        { kind: "killagendareport", species: "Sheep", seconds: 20 },
        { kind: "killagendareport", species: "Beef", seconds: 9999 },
        { kind: "stockyard", stockyardId: 3, seconds: 40 },
      ],
    };
    expect(rotationOf(stored, allowed, [])).toEqual([
      { kind: "stockyard", stockyardId: 3, seconds: 5 },
      { kind: "killagendareport", species: "Beef", seconds: 600 },
    ]);
  });

  test("nothing configured (or nothing it may show) runs the default screens", () => {
    expect(rotationOf(undefined, allowed, [beef])).toEqual([beef]);
    expect(rotationOf({ screens: "nonsense" }, allowed, [yard])).toEqual([yard]);
    expect(
      rotationOf({ screens: [{ kind: "killagendareport", species: "Pig", seconds: 10 }] }, allowed, [beef]),
    )
      .toEqual([beef]);
  });

  test("seconds: whole, 5 to 600, 20 when missing", () => {
    expect(clampSeconds(12.4)).toBe(12);
    expect(clampSeconds(undefined)).toBe(20);
    expect(clampSeconds(1)).toBe(5);
    expect(clampSeconds(10_000)).toBe(600);
  });

  test("a TV that slept catches up with where the rotation is", () => {
    const screens = [{ seconds: 20 }, { seconds: 30 }, { seconds: 10 }];
    expect(positionAt(screens, 0, 0)).toEqual({ index: 0, remainingMs: 20_000 });
    expect(positionAt(screens, 0, 25_000)).toEqual({ index: 1, remainingMs: 25_000 });
    expect(positionAt(screens, 0, 55_000)).toEqual({ index: 2, remainingMs: 5_000 });
    expect(positionAt(screens, 0, 61_000)).toEqual({ index: 0, remainingMs: 19_000 });
    expect(positionAt(screens, 1, 31_000)).toEqual({ index: 2, remainingMs: 9_000 });
  });
});
