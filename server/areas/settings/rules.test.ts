import { describe, expect, it } from "vitest";
import { abnProblem, formatAbn, helpBlocks, inlinePieces, sectionKeyOf } from "./rules.ts";

describe("ABN", () => {
  it("passes the ATO weighted check (spaces allowed), blank allowed, else says why", () => {
    expect(abnProblem("51 824 753 556")).toBeNull(); // the ATO's own example
    expect(abnProblem("33051775556")).toBeNull();
    expect(abnProblem("")).toBeNull();
    expect(abnProblem("51 824 753 557")).toBe("That is not a valid ABN: check the digits.");
    expect(abnProblem("5182475355")).toBe("An ABN has 11 digits.");
    expect(abnProblem("5182475355x")).toBe("An ABN has 11 digits.");
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
  });
});

describe("help text", () => {
  it("parts paragraphs at blank lines, lists at '- ', bold at paired **", () => {
    expect(helpBlocks("One\ntwo\n\n- a\n* b\nafter")).toEqual([
      { kind: "paragraph", lines: [[{ text: "One", bold: false }], [{ text: "two", bold: false }]] },
      { kind: "list", items: [[{ text: "a", bold: false }], [{ text: "b", bold: false }]] },
      { kind: "paragraph", lines: [[{ text: "after", bold: false }]] },
    ]);
    expect(inlinePieces("**Save** now")).toEqual([{ text: "Save", bold: true }, {
      text: " now",
      bold: false,
    }]);
    expect(inlinePieces("a ** b")).toEqual([{ text: "a ** b", bold: false }]);
    expect(helpBlocks("<b>x</b>")).toEqual([{
      kind: "paragraph",
      lines: [[{ text: "<b>x</b>", bold: false }]],
    }]);
    expect(helpBlocks(" \n\n ")).toEqual([]);
  });

  it("makes a section key from a title", () => {
    expect(sectionKeyOf("Getting started!")).toBe("getting-started");
    expect(sectionKeyOf("Café & Chillers")).toBe("cafe-chillers");
    expect(sectionKeyOf("***")).toBe("section");
  });
});
