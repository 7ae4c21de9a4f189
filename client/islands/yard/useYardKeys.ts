/**
 * The yard's keys wherever focus is on the yard page (a check box just ticked, the head field, a toast,
 * or nowhere because the control that had it was disabled while saving): Escape cancels, M starts a
 * move of the selected mob, Ctrl+Z (⌘Z) undoes the last move while its toast offers it. Keys typed in
 * the rest of the page (menu, search) are not the yard's. A handler answers whether it acted.
 */
import { type RefObject, useEffect, useRef } from "react";

export interface YardKeys {
  escape: () => boolean;
  move: () => boolean;
  undo: () => boolean;
}

const typingIn = (el: Element | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT" ||
    (el instanceof HTMLInputElement && el.type !== "checkbox" && el.type !== "radio"));

export function useYardKeys(board: RefObject<HTMLElement | null>, keys: YardKeys) {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      const inYard = !target || target === document.body || target === document.documentElement ||
        board.current?.contains(target) || target.closest("#toasts") !== null;
      if (!inYard) return;
      let acted = false;
      if (e.key === "Escape") acted = current.current.escape();
      else if (typingIn(target)) return;
      else if ((e.key === "m" || e.key === "M") && !e.ctrlKey && !e.metaKey) acted = current.current.move();
      else if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z") {
        acted = current.current.undo();
      }
      if (acted) e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [board]);
}
