/** The pen layout editor's pure model: new pens, snapping, limits, history, delete refusals, alignment. */
import { describe, expect, it } from "vitest";
import {
  addPen,
  alignPens,
  arrowDelta,
  commit,
  duplicatePens,
  fitMap,
  fromSaved,
  GRID_STEP,
  layoutProblem,
  movePens,
  pensInBox,
  placePens,
  redo,
  refuseDelete,
  startHistory,
  toSaveBody,
  undo,
  updatePen,
} from "./model.ts";

const saved = fromSaved([
  {
    id: 7,
    name: "A1",
    x: 20,
    y: 20,
    width: 90,
    height: 70,
    angle: 0,
    capacity: 150,
    isOperational: true,
    head: 150,
  },
  {
    id: 8,
    name: "A2",
    x: 120,
    y: 20,
    width: 90,
    height: 70,
    angle: 0,
    capacity: 150,
    isOperational: true,
    head: 0,
  },
]);

describe("pen layout model", () => {
  it("adds a pen at 5,5, 40 × 30, with the next free name", () => {
    const { layout, pen } = addPen(saved, "k");
    expect(pen).toMatchObject({ key: "k", name: "P1", x: 5, y: 5, width: 40, height: 30, angle: 0 });
    expect(addPen(layout).pen.name).toBe("P2");
  });

  it("snaps to the 5-unit grid, keeps at least 10 × 10 and inside the layout", () => {
    const [a] = placePens(saved, new Map([[saved[0].key, { x: 33.2, y: -40, width: 3, height: 41 }]]));
    expect(a).toMatchObject({ x: 35, y: 0, width: 10, height: 40 });
    expect(updatePen(saved, saved[1].key, { angle: -90 })[1].angle).toBe(270);
  });

  it("moves a selection by grid steps and stops the group at the edge", () => {
    const keys = new Set(saved.map((p) => p.key));
    expect(movePens(saved, keys, -50, 5).map((p) => [p.x, p.y])).toEqual([[0, 25], [100, 25]]);
  });

  it("undoes and redoes; typing a name is one step", () => {
    let h = startHistory(saved);
    h = commit(h, updatePen(h.present, saved[1].key, { name: "B" }), "name:x");
    h = commit(h, updatePen(h.present, saved[1].key, { name: "B2" }), "name:x");
    h = commit(h, movePens(h.present, new Set([saved[1].key]), 5, 0));
    expect(h.past).toHaveLength(2);
    h = undo(h);
    expect(h.present[1]).toMatchObject({ name: "B2", x: 120 });
    h = undo(h);
    expect(h.present[1].name).toBe("A2");
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present[1]).toMatchObject({ name: "B2", x: 125 });
  });

  it("refuses to delete a pen with stock, in plain words", () => {
    expect(refuseDelete(saved, new Set([saved[1].key]))).toBeNull();
    expect(refuseDelete(saved, new Set([saved[0].key]))).toBe(
      "Pen A1 (150 head) holds stock: move the stock out in the yard before deleting the pen.",
    );
  });

  it("duplicates with new names and no id; aligns to the first selected", () => {
    const { layout, keys } = duplicatePens(saved, new Set([saved[0].key]));
    expect(layout[2]).toMatchObject({ name: "A3", x: 30, y: 30, head: 0, id: undefined });
    expect(keys).toEqual([layout[2].key]);
    const moved = placePens(saved, new Map([[saved[1].key, { x: 120, y: 100, height: 30 }]]));
    const aligned = alignPens(moved, [saved[0].key, saved[1].key], "middle");
    expect(aligned[1].y).toBe(40); // centre 55 - 15, on the grid
    expect(alignPens(moved, [saved[0].key, saved[1].key], "left")[1].x).toBe(20);
  });

  it("selects pens a box touches, turned ones by their corners", () => {
    const turned = updatePen(saved, saved[1].key, { angle: 90 }); // spans x 50..120 now
    expect(pensInBox(turned, { x: 100, y: 0, width: 5, height: 200 })).toEqual(saved.map((p) => p.key));
    expect(pensInBox(saved, { x: 112, y: 0, width: 5, height: 10 })).toEqual([]);
  });

  it("checks names before saving and sends new pens without an id", () => {
    expect(layoutProblem(updatePen(saved, saved[1].key, { name: "a1" }))).toBe(
      "Two pens are called “a1”: rename one.",
    );
    expect(layoutProblem(updatePen(saved, saved[1].key, { name: " " }))).toBe("Every pen needs a name.");
    const body = toSaveBody(addPen(saved).layout);
    expect(body[0]).toMatchObject({ id: 7, name: "A1" });
    expect(body[2]).not.toHaveProperty("id");
    expect(body[2]).not.toHaveProperty("head");
  });

  it("fits the site map inside the layout from the top-left", () => {
    expect(fitMap({ width: 600, height: 200 })).toEqual({ x: 0, y: 0, width: 1200, height: 400 });
    expect(fitMap({ width: 100, height: 100 })).toEqual({ x: 0, y: 0, width: 800, height: 800 });
  });
});

describe("arrow keys", () => {
  it("move one grid step, ten with Shift, and no other key moves", () => {
    expect(arrowDelta("ArrowLeft", false)).toEqual([-GRID_STEP, 0]);
    expect(arrowDelta("ArrowDown", true)).toEqual([0, GRID_STEP * 10]);
    expect(arrowDelta("a", false)).toBeNull();
  });
});
