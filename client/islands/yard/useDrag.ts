/**
 * Dragging a mob onto a pen with pointer events (mouse, pen or finger; HTML5 drag and drop does not
 * work on SVG). A press that moves less than a few pixels stays a click. While dragging, the pen under
 * the pointer is the drop target and a ghost label follows the pointer (moved directly, not through
 * React state); the click that ends a drag is swallowed.
 */
import { type PointerEvent as ReactPointerEvent, useRef, useState } from "react";

const THRESHOLD = 6;

/** The pen (`[data-pen-id]`) an element belongs to. */
export const penOf = (target: EventTarget | null): number | null => {
  const el = target instanceof Element ? target.closest("[data-pen-id]") : null;
  return el ? Number(el.getAttribute("data-pen-id")) : null;
};

export const ghostAt = (p: { x: number; y: number }) => `translate(${p.x + 14}px, ${p.y + 14}px)`;

export function useDrag(onDrop: (mobId: number, penId: number) => void) {
  const [drag, setDrag] = useState<{ mobId: number; over: number | null } | null>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const suppressClick = useRef(false);
  const drop = useRef(onDrop);
  drop.current = onDrop;

  const startDrag = (e: ReactPointerEvent, mobId: number) => {
    if (e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY };
    let active = false;
    let over: number | null = null;
    const move = (ev: PointerEvent) => {
      if (!active) {
        if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < THRESHOLD) return;
        active = true;
        setDrag({ mobId, over: null });
      }
      ev.preventDefault();
      pointer.current = { x: ev.clientX, y: ev.clientY };
      if (ghostRef.current) ghostRef.current.style.transform = ghostAt(pointer.current);
      const hit = penOf(document.elementFromPoint(ev.clientX, ev.clientY));
      if (hit !== over) {
        over = hit;
        setDrag({ mobId, over: hit });
      }
    };
    const end = (ev: PointerEvent) => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", end);
      removeEventListener("pointercancel", end);
      if (!active) return;
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 0);
      setDrag(null);
      if (ev.type === "pointerup" && over !== null) drop.current(mobId, over);
    };
    addEventListener("pointermove", move, { passive: false });
    addEventListener("pointerup", end);
    addEventListener("pointercancel", end);
  };

  return {
    drag,
    startDrag,
    ghostRef,
    ghostStyle: () => ({ transform: ghostAt(pointer.current) }),
    suppressClick,
  };
}
