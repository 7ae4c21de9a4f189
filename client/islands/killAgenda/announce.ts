/** What screen readers hear while a lot is dragged (dnd-kit announcements in plain words). */
import type { Announcements } from "@dnd-kit/core";

type Id = string | number;

/** `nameOf` names what is dragged, `placeOf` the place it is over. */
export function announcements(nameOf: (id: Id) => string, placeOf: (id: Id) => string): Announcements {
  return {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${placeOf(over.id)}.` : `${nameOf(active.id)} is over no place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped on ${placeOf(over.id)}.` : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It is back where it was.`,
  };
}
