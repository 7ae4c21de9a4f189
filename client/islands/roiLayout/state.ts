/**
 * The designer's working state: the layout being arranged (credit tree, debit tree, settings, name) with
 * undo and redo. Every finished change (a drop, a button, an option) is one step of history; a keyboard
 * move in progress changes the trees without a step until it is dropped (or put back by Escape).
 */
import { useCallback, useState } from "react";
import type { LayoutNode, LayoutSettings } from "../../../reports/roi/model.ts";
import type { Side } from "../../../reports/roi/layoutRules.ts";

export interface Working {
  credit: LayoutNode;
  debit: LayoutNode;
  settings: LayoutSettings;
}

export interface RoiLayoutLine {
  lineId: string;
  displayName: string;
  isDebit: boolean;
  isHidden: boolean;
}

export interface SavedLayout {
  id: number;
  definitionId: number;
  name: string;
  creditLayoutSection: LayoutNode;
  debitLayoutSection: LayoutNode;
  layoutSettings: LayoutSettings;
  isLayoutSaved: boolean;
  lastModified: string | null;
}

export const workingOf = (l: SavedLayout): Working => ({
  credit: l.creditLayoutSection,
  debit: l.debitLayoutSection,
  settings: l.layoutSettings,
});

export const treeOf = (w: Working, side: Side) => (side === "credit" ? w.credit : w.debit);
export const withTree = (w: Working, side: Side, tree: LayoutNode): Working =>
  side === "credit" ? { ...w, credit: tree } : { ...w, debit: tree };

const LIMIT = 100;

export function useHistory(initial: Working) {
  const [state, setState] = useState({ past: [] as Working[], present: initial, future: [] as Working[] });
  /** a finished change: one step to undo */
  const commit = useCallback(
    (next: Working) =>
      setState((s) => ({ past: [...s.past, s.present].slice(-LIMIT), present: next, future: [] })),
    [],
  );
  /** a change in progress (a keyboard move): no step yet */
  const preview = useCallback((next: Working) => setState((s) => ({ ...s, present: next })), []);
  /** ends a keyboard move that started from `from`: one step from there to now */
  const settle = useCallback(
    (from: Working) =>
      setState((
        s,
      ) => (s.present === from
        ? s
        : { past: [...s.past, from].slice(-LIMIT), present: s.present, future: [] })
      ),
    [],
  );
  const undo = useCallback(
    () =>
      setState((s) =>
        s.past.length
          ? {
            past: s.past.slice(0, -1),
            present: s.past[s.past.length - 1],
            future: [s.present, ...s.future],
          }
          : s
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setState((
        s,
      ) => (s.future.length
        ? { past: [...s.past, s.present], present: s.future[0], future: s.future.slice(1) }
        : s)
      ),
    [],
  );
  const reset = useCallback((next: Working) => setState({ past: [], present: next, future: [] }), []);
  return {
    present: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    /** changed since the last reset (load or save) */
    isDirty: state.past.length > 0,
    commit,
    preview,
    settle,
    undo,
    redo,
    reset,
  };
}
