/**
 * Where a planner drag lands, by day column (dnd-kit collision detection and keyboard moves).
 *
 * dnd-kit's stock rules (closestCorners, @dnd-kit/sortable's keyboard coordinates) measure to the nearest card of any
 * column: a tall empty day (a weekend) is never the nearest, so a lot dropped on it went to a card of the
 * day beside it, and the right arrow jumped over empty days. Here the day comes first:
 *
 * - a drop goes to the day column under the pointer (from the keyboard: the column the card is over), before
 *   the lot nearest to it there, or last when it is below the day's lots or the day is empty;
 * - from the keyboard, left and right go to the neighbouring day, empty or not, level with its lot nearest in
 *   height; up and down step through the day's lots (and, from another day, to the place after the last).
 *
 * Days are the droppables `day:{date}`, lots `item:{id}`; a lot belongs to the column its middle is in.
 */
import {
  type ClientRect,
  closestCorners,
  type CollisionDetection,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from "@dnd-kit/core";

type Droppable = { id: UniqueIdentifier };
type Rects = Map<UniqueIdentifier, ClientRect>;

const isDay = (id: UniqueIdentifier) => String(id).startsWith("day:");
const isLot = (id: UniqueIdentifier) => String(id).startsWith("item:");
const middleX = (r: ClientRect) => r.left + r.width / 2;
const inColumn = (r: ClientRect | undefined, day: ClientRect) =>
  r !== undefined && middleX(r) >= day.left && middleX(r) <= day.right;

/** The day's lots, top to bottom (the dragged lot's own place included when it comes from this day). */
function lotsOf<T extends Droppable>(containers: readonly T[], rects: Rects, day: ClientRect): T[] {
  return containers
    .filter((c) => isLot(c.id) && inColumn(rects.get(c.id), day))
    .sort((a, b) => rects.get(a.id)!.top - rects.get(b.id)!.top);
}

/** Collision detection: the day column first, then the lot nearest in it (or the day: place it last). */
export const plannerCollisions: CollisionDetection = (args) => {
  const days = args.droppableContainers.filter((c) => isDay(c.id));
  const under = pointerWithin({ ...args, droppableContainers: days });
  const [day] = under.length ? under : rectIntersection({ ...args, droppableContainers: days });
  const dayRect = day && args.droppableRects.get(day.id);
  if (!dayRect) return [];
  const lots = lotsOf(args.droppableContainers, args.droppableRects, dayRect);
  const last = lots.length ? args.droppableRects.get(lots[lots.length - 1].id)! : null;
  const top = args.pointerCoordinates?.y ?? args.collisionRect.top;
  if (!last || top > last.bottom) return [day];
  if (!args.pointerCoordinates) {
    // the keyboard: the coordinate getter lines the card up with its target's top (below its own place,
    // with its bottom). By corners a tall card (a boxed lot) stays nearest its own place and never moves up.
    const c = args.collisionRect;
    const off = (r: ClientRect) => Math.min(Math.abs(r.top - c.top), Math.abs(r.bottom - c.bottom));
    const [near] = lots.map((l) => ({ l, value: off(args.droppableRects.get(l.id)!) }))
      .sort((a, b) => a.value - b.value);
    return [{ id: near.l.id, data: { droppableContainer: near.l, value: near.value } }];
  }
  return closestCorners({ ...args, droppableContainers: lots });
};

const ARROWS: Record<string, (r: ClientRect, c: ClientRect) => boolean> = {
  [KeyboardCode.Left]: (r, c) => r.right <= c.left,
  [KeyboardCode.Right]: (r, c) => r.left >= c.right,
  [KeyboardCode.Up]: (r, c) => r.bottom <= c.top,
  [KeyboardCode.Down]: (r, c) => r.top >= c.bottom,
};
const centre = (r: ClientRect) => [r.left + r.width / 2, r.top + r.height / 2];

/**
 * Keyboard moves (KeyboardSensor's coordinateGetter): the card's next top-left corner, or none to stay. A
 * card not over a day yet (an unscheduled mob or an order, just lifted) goes into the nearest day the
 * arrow points to.
 */
export const plannerKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, collisionRect, droppableRects: rects, droppableContainers, over } = args.context;
  const toward = ARROWS[event.code];
  if (!active || !collisionRect || !toward) return undefined;
  event.preventDefault();
  const enabled = droppableContainers.getEnabled();
  const days = enabled.filter((c) => isDay(c.id) && rects.has(c.id))
    .sort((a, b) => rects.get(a.id)!.left - rects.get(b.id)!.left);
  const overRect = over ? rects.get(over.id) : undefined;
  const at = overRect ? days.findIndex((d) => inColumn(overRect, rects.get(d.id)!)) : -1;
  const dayRect = at < 0 ? undefined : rects.get(days[at].id)!;

  /** Into a day: level with its lot nearest in height, or (empty) into its column at the same height. */
  const enter = (next: Droppable | undefined) => {
    if (!next) return undefined;
    const nextRect = rects.get(next.id)!;
    const [level] = lotsOf(enabled, rects, nextRect).map((c) => rects.get(c.id)!)
      .sort((a, b) => Math.abs(a.top - collisionRect.top) - Math.abs(b.top - collisionRect.top));
    if (level) return { x: level.left, y: level.top };
    const y = Math.max(nextRect.top, Math.min(collisionRect.top, nextRect.bottom - collisionRect.height));
    return { x: nextRect.left + (dayRect ? collisionRect.left - dayRect.left : 0), y };
  };
  if (!dayRect) {
    const [cx, cy] = centre(collisionRect);
    const distance = (d: Droppable) => {
      const [x, y] = centre(rects.get(d.id)!);
      return Math.hypot(x - cx, y - cy);
    };
    return enter(
      days.filter((d) => toward(rects.get(d.id)!, collisionRect)).sort((a, b) =>
        distance(a) - distance(b)
      )[0],
    );
  }
  if (event.code === KeyboardCode.Left) return enter(days[at - 1]);
  if (event.code === KeyboardCode.Right) return enter(days[at + 1]);

  // up and down: through the day's lots
  const lots = lotsOf(enabled, rects, dayRect);
  const own = rects.get(active.id);
  const fromHere = own !== undefined && inColumn(own, dayRect);
  const here = isLot(over!.id) ? lots.findIndex((c) => c.id === over!.id) : lots.length;
  const to = here + (event.code === KeyboardCode.Down ? 1 : -1);
  if (to < 0 || to > lots.length || (to === lots.length && fromHere)) return undefined;
  if (to === lots.length) {
    // below the last lot of another day: dropped there, it goes last
    const last = rects.get(lots[lots.length - 1].id)!;
    return { x: last.left, y: last.bottom + 4 };
  }
  const target = rects.get(lots[to].id)!;
  // below its own place in its own day the lots above close up (Columns.tsx): line the bottoms up
  const below = fromHere && target.top > own.top;
  return { x: target.left, y: below ? target.bottom - collisionRect.height : target.top };
};
