/**
 * The ROI layout designer's tree rules (issue 42 item 4), pure so the island, the save call and the
 * tests share one set. A layout has two trees, credit and debit (`creditLayoutSection` and
 * `debitLayoutSection`, root sections whose children are what the processor arranges). Nodes are keyed
 * by `name`: a section's name is "section-N", a placed line's is "line:<lineId>".
 *
 * The rules: a line stays on its own side; a line has no children; a line is placed at most once; a
 * section never drops into itself or its own descendant; deleting a section lifts its children into its
 * place. A refused move answers `{ ok: false, reason }` in words a processor reads.
 *
 * The designer edits a FLATTENED tree (depth + parent per row, the @dnd-kit sortable tree shape): a
 * drag or a keyboard move picks a row, moves it up or down among the rows and projects its depth from
 * the rows around it (`projectDepth`).
 */
import { DEFAULT_SECTION_OPTIONS, type LayoutNode, type ReportLine, type RoiLayout } from "./model.ts";

export type Side = "credit" | "debit";
export type Tree = LayoutNode; // a side's root section

export type MoveResult = { ok: true; tree: Tree } | { ok: false; reason: string };

export const lineNodeName = (lineId: string) => `line:${lineId}`;

export function rootOf(
  layout: Pick<RoiLayout, "creditLayoutSection" | "debitLayoutSection">,
  side: Side,
): Tree {
  return side === "credit" ? layout.creditLayoutSection : layout.debitLayoutSection;
}

export function emptyRoot(side: Side, label: string): Tree {
  return {
    name: side,
    displayName: label,
    lineId: null,
    isSection: true,
    isDebit: side === "debit",
    options: { ...DEFAULT_SECTION_OPTIONS },
    children: [],
  };
}

export function lineNode(line: Pick<ReportLine, "lineId" | "displayName" | "isDebit">): LayoutNode {
  return {
    name: lineNodeName(line.lineId),
    displayName: line.displayName,
    lineId: line.lineId,
    isSection: false,
    isDebit: line.isDebit,
    options: { ...DEFAULT_SECTION_OPTIONS },
    children: [],
  };
}

/** A new section's name: "section-N" one past the highest in either tree. */
export function nextSectionName(trees: Tree[]): string {
  let highest = 0;
  for (const tree of trees) {
    walk(tree, (n) => {
      const m = /^section-(\d+)$/.exec(n.name);
      if (m) highest = Math.max(highest, Number(m[1]));
    });
  }
  return `section-${highest + 1}`;
}

export function sectionNode(name: string, displayName: string, isDebit: boolean): LayoutNode {
  return {
    name,
    displayName,
    lineId: null,
    isSection: true,
    isDebit,
    options: { ...DEFAULT_SECTION_OPTIONS },
    children: [],
  };
}

export function walk(
  node: LayoutNode,
  visit: (n: LayoutNode, parent: LayoutNode | null, depth: number) => void,
) {
  const go = (n: LayoutNode, parent: LayoutNode | null, depth: number) => {
    visit(n, parent, depth);
    for (const child of n.children) go(child, n, depth + 1);
  };
  go(node, null, -1);
}

export function findNode(tree: Tree, name: string): LayoutNode | null {
  let found: LayoutNode | null = null;
  walk(tree, (n) => {
    if (!found && n.name === name) found = n;
  });
  return found;
}

function isWithin(node: LayoutNode, name: string): boolean {
  return node.name === name || node.children.some((c) => isWithin(c, name));
}

/** The tree without the named node (and its subtree); the removed node alongside. */
function detach(tree: Tree, name: string): { tree: Tree; removed: LayoutNode | null } {
  let removed: LayoutNode | null = null;
  const strip = (n: LayoutNode): LayoutNode => {
    const kept: LayoutNode[] = [];
    for (const c of n.children) {
      if (c.name === name) removed = c;
      else kept.push(strip(c));
    }
    return { ...n, children: kept };
  };
  const out = strip(tree);
  return { tree: out, removed };
}

function insertInto(tree: Tree, parentName: string, index: number, node: LayoutNode): Tree {
  const put = (n: LayoutNode): LayoutNode => {
    if (n.name === parentName) {
      const children = [...n.children];
      children.splice(Math.max(0, Math.min(index, children.length)), 0, node);
      return { ...n, children };
    }
    return { ...n, children: n.children.map(put) };
  };
  return put(tree);
}

/**
 * Moves a node of this side's tree under `parentName` (the root's name for the top level) at `index`
 * among the parent's children as they are after the node is taken out.
 */
export function moveNode(tree: Tree, name: string, parentName: string, index: number): MoveResult {
  const node = findNode(tree, name);
  if (!node || node === tree) return { ok: false, reason: "That item is not in this layout." };
  const parent = findNode(tree, parentName);
  if (!parent) return { ok: false, reason: "That section is not in this layout." };
  if (!parent.isSection) {
    return { ok: false, reason: `${parent.displayName} is a line: only a section holds items.` };
  }
  if (isWithin(node, parentName)) {
    return { ok: false, reason: `${node.displayName} cannot go inside itself or one of its own sections.` };
  }
  const { tree: without } = detach(tree, name);
  return { ok: true, tree: insertInto(without, parentName, index, node) };
}

/** Places an unplaced line into this side's tree; a line stays on its own side and is placed once. */
export function placeLine(
  tree: Tree,
  side: Side,
  line: Pick<ReportLine, "lineId" | "displayName" | "isDebit">,
  parentName: string,
  index: number,
): MoveResult {
  if (line.isDebit !== (side === "debit")) {
    return {
      ok: false,
      reason: `${line.displayName} is a ${line.isDebit ? "debit" : "credit"} line: it stays on that side.`,
    };
  }
  if (findNode(tree, lineNodeName(line.lineId))) {
    return { ok: false, reason: `${line.displayName} is already placed.` };
  }
  const parent = findNode(tree, parentName);
  if (!parent || !parent.isSection) return { ok: false, reason: "Lines go into a section." };
  return { ok: true, tree: insertInto(tree, parentName, index, lineNode(line)) };
}

/** Takes a line (or a section with everything in it) out of the tree; its lines become unplaced. */
export function removeNode(tree: Tree, name: string): MoveResult {
  if (name === tree.name) return { ok: false, reason: "The side itself cannot be removed." };
  const { tree: without, removed } = detach(tree, name);
  if (!removed) return { ok: false, reason: "That item is not in this layout." };
  return { ok: true, tree: without };
}

/** Deletes a section and lifts its children into its place, in order. */
export function deleteSection(tree: Tree, name: string): MoveResult {
  const node = findNode(tree, name);
  if (!node || node === tree) return { ok: false, reason: "That section is not in this layout." };
  if (!node.isSection) return { ok: false, reason: `${node.displayName} is a line, not a section.` };
  const lift = (n: LayoutNode): LayoutNode => ({
    ...n,
    children: n.children.flatMap((c) => (c.name === name ? c.children.map(lift) : [lift(c)])),
  });
  return { ok: true, tree: lift(tree) };
}

export function updateNode(tree: Tree, name: string, change: (n: LayoutNode) => LayoutNode): Tree {
  const go = (
    n: LayoutNode,
  ): LayoutNode => (n.name === name ? change(n) : { ...n, children: n.children.map(go) });
  return go(tree);
}

// ---------------------------------------------------------------------------------------------------
// The flattened tree (rows with depth and parent) the designer shows and moves

export interface FlatRow {
  name: string;
  node: LayoutNode;
  /** 0 for the side's top level */
  depth: number;
  parentName: string;
  /** position among the parent's children */
  index: number;
}

export function flatten(tree: Tree): FlatRow[] {
  const rows: FlatRow[] = [];
  const go = (n: LayoutNode, depth: number) =>
    n.children.forEach((c, index) => {
      rows.push({ name: c.name, node: c, depth, parentName: n.name, index });
      go(c, depth + 1);
    });
  go(tree, 0);
  return rows;
}

/** The rows of a subtree (the node and its descendants), which travel with it. */
export function subtreeNames(rows: FlatRow[], name: string): Set<string> {
  const start = rows.findIndex((r) => r.name === name);
  const out = new Set<string>();
  if (start < 0) return out;
  out.add(name);
  for (let i = start + 1; i < rows.length && rows[i].depth > rows[start].depth; i++) out.add(rows[i].name);
  return out;
}

/**
 * Where a moved row lands: `rows` without the moving subtree, the row goes before `at` (rows.length:
 * the end) at the wanted depth, clamped to what is possible there: at most one deeper than the row
 * above when that row is a section (else the row above's depth), at least the depth of the row below.
 * Answers the parent and index in the tree.
 */
export function projectDepth(
  rows: FlatRow[],
  at: number,
  wantedDepth: number,
): { depth: number; parentName: string; index: number } {
  const above = at > 0 ? rows[at - 1] : null;
  const below = at < rows.length ? rows[at] : null;
  const maxDepth = above ? (above.node.isSection ? above.depth + 1 : above.depth) : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.max(Math.min(wantedDepth, maxDepth), Math.min(minDepth, maxDepth));
  // the parent: the nearest row above one level shallower that is a section; none is the side's root
  let parentName: string | null = null;
  let index = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (rows[i].depth === depth) index++;
    if (rows[i].depth < depth) {
      parentName = rows[i].name;
      break;
    }
  }
  return { depth, parentName: parentName ?? "", index };
}

/**
 * Moves `name` so that it lands before position `at` of the rows without its subtree, at `wantedDepth`
 * (projected). The common move of the drag, the arrow keys and the buttons.
 */
export function moveFlat(tree: Tree, name: string, at: number, wantedDepth: number): MoveResult {
  const all = flatten(tree);
  const moving = subtreeNames(all, name);
  if (moving.size === 0) return { ok: false, reason: "That item is not in this layout." };
  const rest = all.filter((r) => !moving.has(r.name));
  const target = projectDepth(rest, Math.max(0, Math.min(at, rest.length)), wantedDepth);
  return moveNode(tree, name, target.parentName || tree.name, target.index);
}

/** Where a row is now in the rows without its subtree (its `at` for moveFlat) and its depth. */
export function positionOf(tree: Tree, name: string): { at: number; depth: number } | null {
  const all = flatten(tree);
  const i = all.findIndex((r) => r.name === name);
  if (i < 0) return null;
  return { at: i, depth: all[i].depth };
}

export type Step = "up" | "down" | "indent" | "outdent";

/** One keyboard or button step: up/down passes the neighbouring row, indent/outdent changes depth. */
export function stepNode(tree: Tree, name: string, step: Step): MoveResult {
  const all = flatten(tree);
  const moving = subtreeNames(all, name);
  const i = all.findIndex((r) => r.name === name);
  if (i < 0) return { ok: false, reason: "That item is not in this layout." };
  const row = all[i];
  const rest = all.filter((r) => !moving.has(r.name));
  const at = i; // rows before it are unchanged
  if (step === "indent") {
    // becomes the last item of the section just above it among its siblings
    const parent = findNode(tree, row.parentName)!;
    const previous = parent.children[row.index - 1];
    if (!previous || !previous.isSection) {
      return { ok: false, reason: `${row.node.displayName} cannot go deeper here.` };
    }
    return moveNode(tree, name, previous.name, previous.children.length);
  }
  if (step === "outdent") {
    // leaves its section, right after it
    if (row.depth === 0) return { ok: false, reason: `${row.node.displayName} is already at the top level.` };
    let grand: LayoutNode | null = null;
    walk(tree, (n, p) => {
      if (n.name === row.parentName) grand = p;
    });
    const g = grand as LayoutNode | null;
    if (!g) return { ok: false, reason: "That item is not in this layout." };
    const after = g.children.findIndex((c) => c.name === row.parentName) + 1;
    return moveNode(tree, name, g.name, after);
  }
  if (step === "up") {
    if (at === 0) return { ok: false, reason: `${row.node.displayName} is already first.` };
    return moveFlat(tree, name, at - 1, rest[at - 1].depth);
  }
  if (at >= rest.length) return { ok: false, reason: `${row.node.displayName} is already last.` };
  // down: past the next row (and, when that row is an open section, into it as its first child)
  const next = rest[at];
  return moveFlat(tree, name, at + 1, next.node.isSection ? next.depth + 1 : next.depth);
}

/** "Feed cost, in Costs, position 2 of 3" (top level: "in Debit"). */
export function describePlace(tree: Tree, name: string): string {
  let text = "";
  walk(tree, (n, parent) => {
    if (n.name === name && parent) {
      const position = parent.children.findIndex((c) => c.name === name) + 1;
      text = `${n.displayName}, in ${parent.displayName}, position ${position} of ${parent.children.length}`;
    }
  });
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Unplaced lines and the checks a saved layout passes

/** The definition's lines of this side not placed in its tree (hidden lines included: a processor may show them). */
export function unplacedLines<L extends Pick<ReportLine, "lineId" | "isDebit">>(
  tree: Tree,
  side: Side,
  lines: L[],
): L[] {
  const placed = new Set<string>();
  walk(tree, (n) => {
    if (n.lineId) placed.add(n.lineId);
  });
  return lines.filter((l) => l.isDebit === (side === "debit") && !placed.has(l.lineId));
}

/** Problems of a layout against its definition's lines, as field → message (empty: fine to save). */
export function layoutProblems(
  layout: Pick<RoiLayout, "creditLayoutSection" | "debitLayoutSection" | "name">,
  lines: Pick<ReportLine, "lineId" | "isDebit" | "displayName">[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!layout.name.trim()) problems.name = "Give the layout a name.";
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  const names = new Set<string>();
  for (const side of ["credit", "debit"] as const) {
    const tree = rootOf(layout, side);
    const field = side === "credit" ? "creditLayoutSection" : "debitLayoutSection";
    if (!tree.isSection) problems[field] = "The side must be a section.";
    walk(tree, (n, parent) => {
      if (problems[field]) return;
      if (names.has(n.name)) problems[field] = `${n.displayName || n.name} appears twice.`;
      names.add(n.name);
      if (!parent) return;
      if (n.isSection) {
        if (n.lineId) problems[field] = `The section ${n.displayName} cannot also be a line.`;
        if (!n.displayName.trim()) problems[field] = "Every section needs a name.";
        return;
      }
      const line = n.lineId ? byId.get(n.lineId) : undefined;
      if (!line) problems[field] = `${n.displayName || "A line"} is not a line of this report.`;
      else if (line.isDebit !== (side === "debit")) {
        problems[field] = `${line.displayName} is a ${
          line.isDebit ? "debit" : "credit"
        } line: it stays on that side.`;
      } else if (n.children.length) {
        problems[field] = `${line.displayName} is a line: only a section holds items.`;
      }
    });
  }
  return problems;
}

/** The layout every report starts with: credit then debit, each line at the top level in order. */
export function startingLayout(
  lines: Pick<ReportLine, "lineId" | "isDebit" | "displayName">[],
  creditLabel: string,
  debitLabel: string,
) {
  const credit = emptyRoot("credit", creditLabel);
  const debit = emptyRoot("debit", debitLabel);
  credit.children = lines.filter((l) => !l.isDebit).map(lineNode);
  debit.children = lines.filter((l) => l.isDebit).map(lineNode);
  return { creditLayoutSection: credit, debitLayoutSection: debit };
}
