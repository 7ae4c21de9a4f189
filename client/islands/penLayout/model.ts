/**
 * The pen layout editor's model, pure: the pens being edited, the undo/redo history and every edit as a
 * function from one layout to the next. Geometry is in layout units (LAYOUT_SIZE, 1200 × 800); a pen's
 * x, y is its top-left corner and it turns about that corner by `angle` degrees clockwise (Konva's
 * default, and what the yard screens draw). Every edit keeps pens on the GRID_STEP grid, at least
 * PEN_MIN_SIZE, and inside the layout (normalisePen, the same rule the server applies).
 */
import {
  GRID_STEP,
  LAYOUT_SIZE,
  NEW_PEN_POSITION,
  normalisePen,
  PEN_MIN_SIZE,
  type PenGeometry,
} from "../../../server/areas/stockyard/rules.ts";

export { GRID_STEP, LAYOUT_SIZE, PEN_MIN_SIZE };

/** A new pen's size (layout units). */
export const NEW_PEN_SIZE = { width: 40, height: 30 } as const;
/** Longest pen name the server takes. */
export const PEN_NAME_MAX = 20;
/** Undo steps kept. */
export const HISTORY_LIMIT = 200;

/** A pen as the server answers it (StockyardSetup.pens). */
export interface SavedPen extends PenGeometry {
  /** head in the pen now: such a pen cannot be deleted */
  head: number;
}

/** A pen in the editor: `key` tells pens apart before a new one has an id. */
export interface Pen extends Omit<SavedPen, "id"> {
  key: string;
  id?: number;
}

export type Layout = readonly Pen[];

export interface History {
  past: Layout[];
  present: Layout;
  future: Layout[];
  /** consecutive edits with the same tag (typing a name) make one undo step */
  tag: string | null;
}

export const keyOf = (pen: { id?: number }, fallback: string) => (pen.id ? `pen-${pen.id}` : fallback);

export function fromSaved(pens: readonly SavedPen[]): Layout {
  return pens.map((p) => ({ ...p, key: keyOf(p, `pen-${p.id}`) }));
}

export function startHistory(present: Layout): History {
  return { past: [], present, future: [], tag: null };
}

/** Records `next` as the present (nothing when nothing changed). */
export function commit(h: History, next: Layout, tag: string | null = null): History {
  if (sameLayout(h.present, next)) return h;
  if (tag !== null && tag === h.tag) return { ...h, present: next };
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [], tag };
}

export function undo(h: History): History {
  const previous = h.past.at(-1);
  if (!previous) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], tag: null };
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: rest, tag: null };
}

export function sameLayout(a: Layout, b: Layout): boolean {
  return a.length === b.length && a.every((p, i) => samePen(p, b[i]));
}

function samePen(a: Pen, b: Pen): boolean {
  return a.key === b.key && a.name === b.name && a.x === b.x && a.y === b.y && a.width === b.width &&
    a.height === b.height && a.angle === b.angle && a.capacity === b.capacity &&
    a.isOperational === b.isOperational;
}

export const snap = (value: number, step = GRID_STEP) => Math.round(value / step) * step;

/** A pen on the grid, at least the minimum size and inside the layout. */
export function tidy(pen: Pen): Pen {
  return normalisePen(pen);
}

/** "P1", "P2", … the first number no pen uses (names compare without case). */
export function nextName(layout: Layout, prefix = "P"): string {
  const taken = new Set(layout.map((p) => p.name.toLowerCase()));
  for (let n = 1;; n++) {
    const name = `${prefix}${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

let counter = 0;
/** A key for a pen that has no id yet (unique in this page). */
export const newKey = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Spec 1 §5/§9: a new pen sits at 5,5 with the default size. */
export function addPen(layout: Layout, key = newKey()): { layout: Layout; pen: Pen } {
  const pen: Pen = {
    key,
    name: nextName(layout),
    ...NEW_PEN_POSITION,
    ...NEW_PEN_SIZE,
    angle: 0,
    capacity: 0,
    isOperational: true,
    head: 0,
  };
  return { layout: [...layout, pen], pen };
}

/** Changes one pen (a name is kept as typed; geometry is tidied). */
export function updatePen(layout: Layout, key: string, patch: Partial<Omit<Pen, "key" | "id">>): Layout {
  return layout.map((p) => (p.key === key ? tidy({ ...p, ...patch }) : p));
}

/** Sets the geometry of several pens at once (the end of a drag or a resize). */
export function placePens(
  layout: Layout,
  shapes: ReadonlyMap<string, Partial<Pick<Pen, "x" | "y" | "width" | "height" | "angle">>>,
): Layout {
  return layout.map((p) => (shapes.has(p.key) ? tidy({ ...p, ...shapes.get(p.key) }) : p));
}

/** Moves pens by whole grid steps (arrow keys); the group stops at the layout's edge. */
export function movePens(layout: Layout, keys: ReadonlySet<string>, dx: number, dy: number): Layout {
  const moving = layout.filter((p) => keys.has(p.key));
  if (!moving.length) return layout;
  const maxX = LAYOUT_SIZE.width - PEN_MIN_SIZE, maxY = LAYOUT_SIZE.height - PEN_MIN_SIZE;
  const cdx = clamp(dx, -Math.min(...moving.map((p) => p.x)), maxX - Math.max(...moving.map((p) => p.x)));
  const cdy = clamp(dy, -Math.min(...moving.map((p) => p.y)), maxY - Math.max(...moving.map((p) => p.y)));
  if (!cdx && !cdy) return layout;
  return layout.map((p) => (keys.has(p.key) ? tidy({ ...p, x: p.x + cdx, y: p.y + cdy }) : p));
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** Copies of the pens, a little down and right, with new names; answers the copies' keys. */
export function duplicatePens(layout: Layout, keys: ReadonlySet<string>): { layout: Layout; keys: string[] } {
  let next = layout;
  const added: string[] = [];
  for (const p of layout.filter((p) => keys.has(p.key))) {
    const key = newKey();
    const copy = tidy({
      ...p,
      key,
      id: undefined,
      head: 0,
      name: nextName(next, namePrefix(p.name)),
      x: p.x + 10,
      y: p.y + 10,
    });
    next = [...next, copy];
    added.push(key);
  }
  return { layout: next, keys: added };
}

/** "A12" → "A", "Pen" → "Pen": copies take the next free number of the same prefix. */
function namePrefix(name: string): string {
  return name.replace(/\d+$/, "").slice(0, PEN_NAME_MAX - 3) || "P";
}

/** Why these pens cannot be deleted (they hold stock), or null. */
export function refuseDelete(layout: Layout, keys: ReadonlySet<string>): string | null {
  const full = layout.filter((p) => keys.has(p.key) && p.head > 0);
  if (!full.length) return null;
  const names = full.map((p) => `${p.name} (${p.head} head)`).join(", ");
  return full.length === 1
    ? `Pen ${names} holds stock: move the stock out in the yard before deleting the pen.`
    : `Pens ${names} hold stock: move the stock out in the yard before deleting them.`;
}

export function deletePens(layout: Layout, keys: ReadonlySet<string>): Layout {
  return layout.filter((p) => !keys.has(p.key));
}

export type Alignment = "left" | "centre" | "top" | "middle";

/** Lines pens up with the first selected one (left edges, centres, top edges or middles). */
export function alignPens(layout: Layout, keys: readonly string[], how: Alignment): Layout {
  const anchor = layout.find((p) => p.key === keys[0]);
  if (!anchor || keys.length < 2) return layout;
  const set = new Set(keys);
  return layout.map((p) => {
    if (!set.has(p.key) || p === anchor) return p;
    switch (how) {
      case "left":
        return tidy({ ...p, x: anchor.x });
      case "top":
        return tidy({ ...p, y: anchor.y });
      case "centre":
        return tidy({ ...p, x: snap(anchor.x + anchor.width / 2 - p.width / 2) });
      case "middle":
        return tidy({ ...p, y: snap(anchor.y + anchor.height / 2 - p.height / 2) });
    }
  });
}

/** What is wrong with the layout before it is sent (the server says the same), or null. */
export function layoutProblem(layout: Layout): string | null {
  const blank = layout.find((p) => !p.name.trim());
  if (blank) return "Every pen needs a name.";
  const long = layout.find((p) => p.name.trim().length > PEN_NAME_MAX);
  if (long) return `Pen names are at most ${PEN_NAME_MAX} characters: shorten “${long.name}”.`;
  const seen = new Set<string>();
  for (const p of layout) {
    const name = p.name.trim().toLowerCase();
    if (seen.has(name)) return `Two pens are called “${p.name.trim()}”: rename one.`;
    seen.add(name);
  }
  return null;
}

/** The body of SaveStockyardLayout's pens (a pen without id is new; a missing one is deleted). */
export function toSaveBody(layout: Layout) {
  return layout.map((p) => ({
    ...(p.id ? { id: p.id } : {}),
    name: p.name.trim(),
    x: p.x,
    y: p.y,
    width: p.width,
    height: p.height,
    angle: p.angle,
    capacity: p.capacity,
    isOperational: p.isOperational,
  }));
}

/** The corners of a pen after its turn (for selection boxes and the preview's bounds). */
export function corners(p: Pick<Pen, "x" | "y" | "width" | "height" | "angle">): [number, number][] {
  const r = (p.angle * Math.PI) / 180, c = Math.cos(r), s = Math.sin(r);
  return ([[0, 0], [p.width, 0], [p.width, p.height], [0, p.height]] as const).map(([u, v]) => [
    p.x + u * c - v * s,
    p.y + u * s + v * c,
  ]);
}

/** Pens whose turned outline meets the box (rubber-band selection), in layout units. */
export function pensInBox(
  layout: Layout,
  box: { x: number; y: number; width: number; height: number },
): string[] {
  const x2 = box.x + box.width, y2 = box.y + box.height;
  return layout.filter((p) => {
    const pts = corners(p);
    const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
    return Math.min(...xs) <= x2 && Math.max(...xs) >= box.x && Math.min(...ys) <= y2 &&
      Math.max(...ys) >= box.y;
  }).map((p) => p.key);
}

/** The site map drawn in the layout: fitted inside it from the top-left, keeping its shape. */
export function fitMap(image: { width: number; height: number }) {
  const scale = Math.min(LAYOUT_SIZE.width / image.width, LAYOUT_SIZE.height / image.height);
  return { x: 0, y: 0, width: image.width * scale, height: image.height * scale };
}

/** The move an arrow key makes: one grid step, ten with Shift; null for any other key. */
export function arrowDelta(key: string, big: boolean): [number, number] | null {
  const step = GRID_STEP * (big ? 10 : 1);
  const deltas: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  return deltas[key] ?? null;
}
