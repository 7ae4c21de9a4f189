/**
 * Where a recipe lands (dnd-kit): the group card under the pointer; from the keyboard, Space lifts a
 * recipe and the arrow keys step through the group cards in page order (down and right: the next one,
 * up and left: the one before), Space drops it, Escape cancels.
 */
import {
  type CollisionDetection,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from "@dnd-kit/core";

export const isGroupId = (id: unknown) => String(id).startsWith("group:");

export const builderCollisions: CollisionDetection = (args) => {
  const groups = args.droppableContainers.filter((c) => isGroupId(c.id));
  const under = pointerWithin({ ...args, droppableContainers: groups });
  return under.length ? under : rectIntersection({ ...args, droppableContainers: groups });
};

export const builderKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === KeyboardCode.Down || event.code === KeyboardCode.Right;
  const back = event.code === KeyboardCode.Up || event.code === KeyboardCode.Left;
  if (!forward && !back) return undefined;
  event.preventDefault();
  const { droppableRects: rects, droppableContainers, over, collisionRect } = context;
  const groups = droppableContainers.getEnabled().filter((c) => isGroupId(c.id) && rects.has(c.id))
    .sort((a, b) =>
      rects.get(a.id)!.top - rects.get(b.id)!.top || rects.get(a.id)!.left - rects.get(b.id)!.left
    );
  if (!groups.length || !collisionRect) return undefined;
  const at = over ? groups.findIndex((g) => g.id === over.id) : -1;
  const next = at < 0 ? (forward ? 0 : groups.length - 1) : at + (forward ? 1 : -1);
  const target = groups[next] && rects.get(groups[next].id)!;
  if (!target) return undefined;
  // the lifted chip's middle over the card's middle
  return {
    x: target.left + target.width / 2 - collisionRect.width / 2,
    y: target.top + target.height / 2 - collisionRect.height / 2,
  };
};
