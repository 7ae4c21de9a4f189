import { describe, expect, it } from "vitest";
import {
  fillParams,
  matchPattern,
  moreSpecific,
  parsePattern,
  splitPathname,
} from "../../../server/access/match.ts";

describe("path patterns", () => {
  it("parses literals, params and optional params", () => {
    expect(parsePattern("/Home/orders/$id/{-$tab}")).toEqual([
      { kind: "static", value: "home" },
      { kind: "static", value: "orders" },
      { kind: "param", name: "id", optional: false },
      { kind: "param", name: "tab", optional: true },
    ]);
  });

  it("splits a URL path, dropping query, hash and empty segments", () => {
    expect(splitPathname("//a/b%2Fc/?x=1#y")).toEqual(["a", "b/c"]);
    expect(splitPathname("/bad/%E0%A4%A")).toEqual(["bad", "%E0%A4%A"]);
    expect(splitPathname("/")).toEqual([]);
  });

  it("matches with ranks favouring literals", () => {
    const literal = matchPattern(parsePattern("/a/new"), ["A", "new"]);
    const param = matchPattern(parsePattern("/a/$id"), ["a", "new"]);
    expect(literal).toEqual({ params: {}, rank: [2, 2] });
    expect(param).toEqual({ params: { id: "new" }, rank: [2, 1] });
    expect(moreSpecific(literal!.rank, param!.rank)).toBe(true);
    expect(moreSpecific(param!.rank, literal!.rank)).toBe(false);
    expect(moreSpecific([2, 1], [2])).toBe(true);
  });

  it("does not match when segments are missing or extra", () => {
    expect(matchPattern(parsePattern("/a/$id"), ["a"])).toBeNull();
    expect(matchPattern(parsePattern("/a"), ["a", "b"])).toBeNull();
  });

  it("matches optional params in the middle too", () => {
    expect(matchPattern(parsePattern("/a/{-$x}/b"), ["a", "b"])).toEqual({ params: {}, rank: [2, 2] });
    expect(matchPattern(parsePattern("/a/{-$x}/b"), ["a", "1", "b"])).toEqual({
      params: { x: "1" },
      rank: [2, 1, 2],
    });
  });

  it("fills params into a target, dropping missing optional ones", () => {
    expect(fillParams("/report/$id", { id: "7" })).toBe("/report/7");
    expect(fillParams("/x/$id/{-$tab}", { id: "a b" })).toBe("/x/a%20b");
    expect(fillParams("/x/$id/{-$tab}", { id: "1", tab: "t" })).toBe("/x/1/t");
  });
});
