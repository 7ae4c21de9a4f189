/**
 * The editor's toolbar: add, duplicate, delete; align the selected pens; undo and redo; the site map;
 * and the save state with Save layout. Buttons only: the editor owns what they do.
 */
import type { ReactNode } from "react";
import { Button } from "../../ui/Button.tsx";
import { UndoIcon } from "../../ui/icons.tsx";
import type { Alignment } from "./model.ts";

const ALIGNMENTS: { how: Alignment; label: string }[] = [
  { how: "left", label: "Left" },
  { how: "centre", label: "Centre" },
  { how: "top", label: "Top" },
  { how: "middle", label: "Middle" },
];

export interface ToolbarProps {
  /** nothing can be done (not hydrated yet, or saving) */
  off: boolean;
  busy: boolean;
  selected: number;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  /** the site map control */
  map: ReactNode;
  onAdd(): void;
  onDuplicate(): void;
  onDelete(): void;
  onAlign(how: Alignment): void;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
}

export function Toolbar(p: ToolbarProps) {
  return (
    <div className="pen-editor-toolbar" role="toolbar" aria-label="Layout tools">
      <div className="btn-group">
        <Button className="btn-sm" onClick={p.onAdd} disabled={p.off} data-action="add-pen">Add pen</Button>
        <Button className="btn-sm" onClick={p.onDuplicate} disabled={p.off || !p.selected}>Duplicate</Button>
        <Button
          className="btn-sm"
          onClick={p.onDelete}
          disabled={p.off || !p.selected}
          data-action="delete-pen"
        >
          Delete
        </Button>
      </div>
      <div className="btn-group" role="group" aria-label="Align selected pens">
        <span className="pen-editor-label small muted" aria-hidden="true">Align</span>
        {ALIGNMENTS.map((a) => (
          <Button
            key={a.how}
            className="btn-sm"
            onClick={() => p.onAlign(a.how)}
            disabled={p.off || p.selected < 2}
            aria-label={`Align ${a.label.toLowerCase()}`}
          >
            {a.label}
          </Button>
        ))}
      </div>
      <div className="btn-group">
        <Button
          className="btn-sm"
          variant="ghost"
          icon={<UndoIcon />}
          onClick={p.onUndo}
          disabled={p.off || !p.canUndo}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </Button>
        <Button
          className="btn-sm"
          variant="ghost"
          onClick={p.onRedo}
          disabled={p.off || !p.canRedo}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
        >
          Redo
        </Button>
      </div>
      {p.map}
      <div className="pen-editor-save">
        <span className="small muted" data-save-state>
          {p.dirty ? "Unsaved changes" : "All changes saved"}
        </span>
        <Button variant="primary" onClick={p.onSave} disabled={p.off || !p.dirty} busy={p.busy}>
          Save layout
        </Button>
      </div>
    </div>
  );
}
