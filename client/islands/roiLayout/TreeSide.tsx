/**
 * One side of the layout (credit or debit) as a tree: role tree with aria-level rows over the flattened
 * tree, dragged by mouse with @dnd-kit sortable (the horizontal offset changes the depth, projected by
 * layoutRules), moved from the keyboard (Space picks up, arrows move and change depth, Space drops, Escape
 * puts it back) or with each row's buttons. Its unplaced lines sit beside it, to drag in or add.
 */
import { type KeyboardEvent, useRef, useState } from "react";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import {
  deleteSection,
  describePlace,
  type FlatRow,
  flatten,
  moveFlat,
  type MoveResult,
  placeLine,
  removeNode,
  type Side,
  type Step,
  stepNode,
  subtreeNames,
} from "../../../reports/roi/layoutRules.ts";
import type { LayoutNode } from "../../../reports/roi/model.ts";
import type { RoiLayoutLine } from "./state.ts";

export const INDENT_PX = 24;

export interface TreeSideProps {
  side: Side;
  tree: LayoutNode;
  unplaced: RoiLayoutLine[];
  selected: string | null;
  onSelect: (name: string) => void;
  /** a finished change */
  onCommit: (tree: LayoutNode) => void;
  /** a keyboard move in progress */
  onPreview: (tree: LayoutNode) => void;
  /** the keyboard move that started from `from` ended: dropped (keep) or cancelled (put `from` back) */
  onSettle: (from: LayoutNode, keep: boolean) => void;
  onAddSection: () => void;
  announce: (text: string) => void;
  refuse: (reason: string) => void;
}

const KEY_STEPS: Record<string, Step> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowRight: "indent",
  ArrowLeft: "outdent",
};

export function TreeSide(props: TreeSideProps) {
  const { side, tree, announce } = props;
  const rows = flatten(tree);
  const [grabbed, setGrabbed] = useState<{ name: string; from: LayoutNode } | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const label = tree.displayName;

  const focusRow = (name: string) => {
    setFocused(name);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-name="${CSS.escape(name)}"]`)?.focus()
    );
  };

  const apply = (result: MoveResult, name: string, live: boolean) => {
    if (!result.ok) {
      if (live) announce(result.reason);
      else props.refuse(result.reason);
      return false;
    }
    if (live) props.onPreview(result.tree);
    else props.onCommit(result.tree);
    announce(describePlace(result.tree, name));
    focusRow(name);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent, row: FlatRow) => {
    const step = KEY_STEPS[event.key];
    if (grabbed) {
      event.preventDefault();
      if (event.key === " " || event.key === "Enter") {
        setGrabbed(null);
        props.onSettle(grabbed.from, true);
        announce(`Dropped. ${describePlace(tree, row.name)}.`);
      } else if (event.key === "Escape") {
        setGrabbed(null);
        props.onSettle(grabbed.from, false);
        announce(`Cancelled. ${describePlace(grabbed.from, row.name)}.`);
        focusRow(row.name);
      } else if (step) apply(stepNode(tree, row.name, step), row.name, true);
      return;
    }
    if (event.key === " ") {
      event.preventDefault();
      setGrabbed({ name: row.name, from: tree });
      announce(
        `Picked up ${row.node.displayName}. ${describePlace(tree, row.name)}. ` +
          "Up and down move it, right and left change its depth, Space drops, Escape cancels.",
      );
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const i = rows.findIndex((r) => r.name === row.name) + (event.key === "ArrowDown" ? 1 : -1);
      if (rows[i]) focusRow(rows[i].name);
    } else if (event.key === "Delete") {
      event.preventDefault();
      remove(row);
    }
  };

  const remove = (row: FlatRow) => {
    const result = row.node.isSection ? deleteSection(tree, row.name) : removeNode(tree, row.name);
    if (!result.ok) return props.refuse(result.reason);
    props.onCommit(result.tree);
    announce(
      row.node.isSection
        ? `Section ${row.node.displayName} deleted; its items moved up.`
        : `${row.node.displayName} taken out.`,
    );
  };

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (!over) return;
    const id = String(active.id);
    const rest = rows.filter((r) => !subtreeNames(rows, id).has(r.name));
    const overId = String(over.id);
    const overAt = rest.findIndex((r) => r.name === overId);
    const shift = Math.round(delta.x / INDENT_PX);
    if (id.startsWith("new:")) {
      const line = props.unplaced.find((l) => `new:${l.lineId}` === id);
      if (!line) return;
      const placed = placeLine(tree, side, line, tree.name, tree.children.length);
      if (!placed.ok) return props.refuse(placed.reason);
      const at = overAt < 0 ? rest.length : overAt;
      const depth = overAt < 0 ? 0 : rest[overAt].depth + Math.max(0, shift);
      const name = `line:${line.lineId}`;
      apply(moveFlat(placed.tree, name, at, depth), name, false);
      return;
    }
    const from = rows.findIndex((r) => r.name === id);
    if (from < 0) return;
    const allOver = rows.findIndex((r) => r.name === overId);
    // dragged down it lands after the row it is over, dragged up before it
    const at = overAt < 0 ? rest.length : allOver > from ? overAt + 1 : overAt;
    if (overId === id && shift === 0) return;
    apply(moveFlat(tree, id, overId === id ? from : at, rows[from].depth + shift), id, false);
  };

  const headingId = `roi-tree-${side}`;
  return (
    <section className="roi-side" aria-labelledby={headingId}>
      <div className="roi-side-head">
        <h3 id={headingId}>{label}</h3>
        <button type="button" className="btn" onClick={props.onAddSection}>Add section</button>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <div className="roi-side-body">
          <SortableContext items={rows.map((r) => r.name)} strategy={verticalListSortingStrategy}>
            <DropArea side={side} empty={rows.length === 0}>
              <ul className="roi-tree" role="tree" aria-label={`${label} layout`} ref={listRef}>
                {rows.map((row, i) => (
                  <TreeRow
                    key={row.name}
                    row={row}
                    position={i}
                    tabbable={(focused ?? rows[0]?.name) === row.name}
                    isGrabbed={grabbed?.name === row.name}
                    isSelected={props.selected === row.name}
                    onFocus={() => setFocused(row.name)}
                    onKeyDown={(e) => onKeyDown(e, row)}
                    onSelect={() => props.onSelect(row.name)}
                    onStep={(step) => apply(stepNode(tree, row.name, step), row.name, false)}
                    onRemove={() => remove(row)}
                  />
                ))}
              </ul>
            </DropArea>
          </SortableContext>
          <div className="roi-unplaced">
            <h4>Not placed</h4>
            {props.unplaced.length === 0
              ? <p className="hint">Every {label.toLowerCase()} line is placed.</p>
              : (
                <ul>
                  {props.unplaced.map((line) => (
                    <UnplacedLine
                      key={line.lineId}
                      line={line}
                      onAdd={() => {
                        const name = `line:${line.lineId}`;
                        apply(placeLine(tree, side, line, tree.name, tree.children.length), name, false);
                      }}
                    />
                  ))}
                </ul>
              )}
          </div>
        </div>
      </DndContext>
    </section>
  );
}

function DropArea({ side, empty, children }: { side: Side; empty: boolean; children: React.ReactNode }) {
  // the side itself takes a drop only while empty: otherwise the rows do (closest centre)
  const { setNodeRef, isOver } = useDroppable({ id: `side:${side}`, disabled: !empty });
  return (
    <div ref={setNodeRef} className={`roi-drop${isOver ? " is-over" : ""}`}>
      {children}
      {empty && <p className="hint">Drag lines here, or use Add.</p>}
    </div>
  );
}

interface TreeRowProps {
  row: FlatRow;
  position: number;
  tabbable: boolean;
  isGrabbed: boolean;
  isSelected: boolean;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  onSelect: () => void;
  onStep: (step: Step) => void;
  onRemove: () => void;
}

function TreeRow(p: TreeRowProps) {
  const { row } = p;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useSortable({ id: row.name });
  const name = row.node.displayName;
  // only while dragged (never in the server's HTML: no inline styles there)
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const kind = row.node.isSection ? "section" : "line";
  return (
    <li
      ref={setNodeRef}
      style={style}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-selected={p.isSelected}
      aria-expanded={row.node.isSection ? true : undefined}
      aria-roledescription={p.isGrabbed ? "item being moved" : undefined}
      data-name={row.name}
      tabIndex={p.tabbable ? 0 : -1}
      className={`roi-row roi-row-${kind}${p.isGrabbed ? " is-grabbed" : ""}${
        isDragging ? " is-dragging" : ""
      }${p.isSelected ? " is-selected" : ""}`}
      onFocus={(e) => e.target === e.currentTarget && p.onFocus()}
      onKeyDown={(e) => e.target === e.currentTarget && p.onKeyDown(e)}
      onClick={p.onSelect}
    >
      <span className={`roi-indent roi-depth-${Math.min(row.depth, 9)}`} aria-hidden="true" />
      <span
        className="roi-grip"
        {...attributes}
        {...listeners}
        role="presentation"
        tabIndex={-1}
        aria-hidden="true"
      >
        ⠿
      </span>
      <span className="roi-row-name">{name}</span>
      <span className="roi-row-tools">
        <button
          type="button"
          className="btn-icon"
          aria-label={`Move ${name} up`}
          title="Move up"
          tabIndex={-1}
          onClick={() => p.onStep("up")}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn-icon"
          aria-label={`Move ${name} down`}
          title="Move down"
          tabIndex={-1}
          onClick={() => p.onStep("down")}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn-icon"
          aria-label={`Outdent ${name}`}
          title="Outdent"
          tabIndex={-1}
          onClick={() => p.onStep("outdent")}
        >
          ←
        </button>
        <button
          type="button"
          className="btn-icon"
          aria-label={`Indent ${name}`}
          title="Indent"
          tabIndex={-1}
          onClick={() => p.onStep("indent")}
        >
          →
        </button>
        <button
          type="button"
          className="btn-icon"
          aria-label={row.node.isSection ? `Delete section ${name}` : `Take ${name} out`}
          title={row.node.isSection ? "Delete section (its items move up)" : "Take out"}
          tabIndex={-1}
          onClick={p.onRemove}
        >
          ✕
        </button>
      </span>
    </li>
  );
}

function UnplacedLine({ line, onAdd }: { line: RoiLayoutLine; onAdd: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `new:${line.lineId}`,
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`roi-unplaced-line${isDragging ? " is-dragging" : ""}`}
      data-line={line.lineId}
    >
      <span
        className="roi-grip"
        {...attributes}
        {...listeners}
        role="presentation"
        tabIndex={-1}
        aria-hidden="true"
      >
        ⠿
      </span>
      <span>{line.displayName}{line.isHidden ? " (hidden)" : ""}</span>
      <button type="button" className="btn" onClick={onAdd} aria-label={`Add ${line.displayName}`}>
        Add
      </button>
    </li>
  );
}
