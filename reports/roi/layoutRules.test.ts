import { describe, expect, test } from "vitest";
import type { LayoutNode } from "./model.ts";
import {
  deleteSection,
  describePlace,
  flatten,
  layoutProblems,
  moveFlat,
  moveNode,
  placeLine,
  removeNode,
  sectionNode,
  startingLayout,
  stepNode,
  unplacedLines,
} from "./layoutRules.ts";

const lines = [
  { lineId: "a", displayName: "Carcass sales", isDebit: false },
  { lineId: "b", displayName: "Skins", isDebit: false },
  { lineId: "c", displayName: "Livestock cost", isDebit: true },
  { lineId: "d", displayName: "Levies", isDebit: true },
];

function names(tree: LayoutNode): string {
  return flatten(tree).map((r) => `${"  ".repeat(r.depth)}${r.name}`).join("\n");
}

function withSection() {
  const { creditLayoutSection } = startingLayout(lines, "Credit", "Debit");
  // credit: Sales(section) holding a; b at the top
  const sales = { ...sectionNode("section-1", "Sales", false), children: [creditLayoutSection.children[0]] };
  return { ...creditLayoutSection, children: [sales, creditLayoutSection.children[1]] };
}

function ok(result: ReturnType<typeof moveNode>): LayoutNode {
  if (!result.ok) throw new Error(result.reason);
  return result.tree;
}

describe("ROI layout tree rules", () => {
  test("the starting layout puts each line on its side, in order", () => {
    const layout = startingLayout(lines, "Credit", "Debit");
    expect(names(layout.creditLayoutSection)).toBe("line:a\nline:b");
    expect(names(layout.debitLayoutSection)).toBe("line:c\nline:d");
  });

  test("moves a line into a section and reorders", () => {
    const tree = ok(moveNode(withSection(), "line:b", "section-1", 0));
    expect(names(tree)).toBe("section-1\n  line:b\n  line:a");
  });

  test("a section never drops into itself or its own descendant", () => {
    let tree = withSection();
    tree = ok(placeLine(tree, "credit", { lineId: "x", displayName: "X", isDebit: false }, "credit", 2));
    const inner = sectionNode("section-2", "Inner", false);
    tree = {
      ...tree,
      children: [
        { ...tree.children[0], children: [...tree.children[0].children, inner] },
        ...tree.children.slice(1),
      ],
    };
    const self = moveNode(tree, "section-1", "section-1", 0);
    const descendant = moveNode(tree, "section-1", "section-2", 0);
    expect(self.ok).toBe(false);
    expect(descendant).toEqual({
      ok: false,
      reason: "Sales cannot go inside itself or one of its own sections.",
    });
    // and the flattened move cannot make it either: the subtree travels with it
    const flat = ok(moveFlat(tree, "section-1", 0, 5));
    expect(names(flat)).toBe(names(tree));
  });

  test("a line holds nothing", () => {
    expect(moveNode(withSection(), "section-1", "line:b", 0)).toEqual({
      ok: false,
      reason: "Skins is a line: only a section holds items.",
    });
  });

  test("a line stays on its own side and is placed once", () => {
    const tree = withSection();
    expect(placeLine(tree, "credit", lines[2], "credit", 0)).toEqual({
      ok: false,
      reason: "Livestock cost is a debit line: it stays on that side.",
    });
    expect(placeLine(tree, "credit", lines[1], "credit", 0).ok).toBe(false);
  });

  test("deleting a section lifts its children into its place", () => {
    const tree = ok(deleteSection(withSection(), "section-1"));
    expect(names(tree)).toBe("line:a\nline:b");
    expect(deleteSection(tree, "line:a").ok).toBe(false);
  });

  test("removing a line makes it unplaced again", () => {
    const tree = ok(removeNode(withSection(), "line:a"));
    expect(unplacedLines(tree, "credit", lines).map((l) => l.lineId)).toEqual(["a"]);
    expect(unplacedLines(tree, "debit", lines).map((l) => l.lineId)).toEqual(["c", "d"]);
  });

  test("keyboard steps: up, down, indent and outdent with refusals at the edges", () => {
    let tree = withSection(); // section-1 { a }, b
    tree = ok(stepNode(tree, "line:b", "indent"));
    expect(names(tree)).toBe("section-1\n  line:a\n  line:b");
    tree = ok(stepNode(tree, "line:b", "up"));
    expect(names(tree)).toBe("section-1\n  line:b\n  line:a");
    tree = ok(stepNode(tree, "line:b", "outdent"));
    // outdent: right after its section
    expect(names(tree)).toBe("section-1\n  line:a\nline:b");
    expect(stepNode(tree, "section-1", "up")).toEqual({ ok: false, reason: "Sales is already first." });
    expect(stepNode(tree, "line:b", "down")).toEqual({ ok: false, reason: "Skins is already last." });
    expect(stepNode(tree, "section-1", "outdent").ok).toBe(false);
    // the first item of a section has no section above it to go into
    expect(stepNode(tree, "line:a", "indent")).toEqual({
      ok: false,
      reason: "Carcass sales cannot go deeper here.",
    });
    tree = ok(stepNode(tree, "line:b", "up")); // passes line:a: into the section, before it
    expect(describePlace(tree, "line:b")).toBe("Skins, in Sales, position 1 of 2");
    tree = ok(stepNode(tree, "line:a", "outdent"));
    tree = ok(stepNode(tree, "section-1", "down")); // past line:a
    expect(names(tree)).toBe("line:a\nsection-1\n  line:b");
    expect(describePlace(tree, "section-1")).toBe("Sales, in Credit, position 2 of 2");
  });

  test("layout problems: unknown line, wrong side, a line holding items, no name", () => {
    const good = startingLayout(lines, "Credit", "Debit");
    expect(layoutProblems({ ...good, name: "default layout" }, lines)).toEqual({});
    const unknown = {
      ...good.creditLayoutSection,
      children: [{ ...good.creditLayoutSection.children[0], lineId: "zz" }],
    };
    expect(layoutProblems({ ...good, creditLayoutSection: unknown, name: "x" }, lines)).toEqual({
      creditLayoutSection: "Carcass sales is not a line of this report.",
    });
    const wrongSide = { ...good.debitLayoutSection, children: [good.creditLayoutSection.children[0]] };
    expect(layoutProblems({ ...good, debitLayoutSection: wrongSide, name: "x" }, lines).debitLayoutSection)
      .toBe(
        "Carcass sales is a credit line: it stays on that side.",
      );
    expect(layoutProblems({ ...good, name: " " }, lines)).toEqual({ name: "Give the layout a name." });
  });
});
