import { describe, expect, test } from "vitest";
import { barPaths } from "./SeriesBars.tsx";

describe("bars as one path per look", () => {
  test("each look's bars are the segments of one path, the band drawn first, no bar for nothing", () => {
    const band = (v: unknown) => ({ a: 0, b: 100, c: 200 })[v as string] ?? 0;
    band.bandwidth = () => 100;
    const value = (v: unknown) => 100 - Number(v);
    const paths = barPaths(
      {
        data: [{ d: "a", n: 50, m: 10, w: true }, { d: "b", n: 0, m: 20, w: false }, {
          d: "c",
          n: 25,
          m: 0,
          w: false,
        }],
        xAxisMap: { 0: { scale: band, dataKey: "d" } },
        yAxisMap: { 0: { scale: value } },
        offset: { top: 0, height: 100 },
      },
      [{ key: "n", className: "n" }, { key: "m", className: (row) => (row.w ? "m-w" : "m") }],
      0.2,
      { className: "band", when: (row) => row.w === true },
    );
    expect(paths.map((p) => p.className)).toEqual(["band", "n", "m-w", "m"]);
    expect(paths[0].d).toBe("M0 0h100v100h-100Z");
    // two bars in the inner 60 of a band, a unit apart: 29.5 wide
    expect(paths[1].d).toBe("M20 50h29.5V100h-29.5ZM220 75h29.5V100h-29.5Z");
    expect(paths[2].d).toBe("M50.5 90h29.5V100h-29.5Z");
    expect(paths[3].d).toBe("M150.5 80h29.5V100h-29.5Z");
  });
});
