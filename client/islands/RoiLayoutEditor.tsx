/**
 * The ROI layout designer (issue 42 item 4, RoiLayoutEditor/{id}): the report's credit and debit lines
 * arranged into trees of sections, with each side's unplaced lines beside it; section options and the
 * layout's settings; several named layouts; a live preview by the display page's rules; undo and redo;
 * save (409 when someone saved the layout since it was loaded). Tree rules: reports/roi/layoutRules.ts.
 */
import { useEffect, useMemo, useState } from "react";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { displayReport } from "../../reports/roi/format.ts";
import {
  findNode,
  nextSectionName,
  sectionNode,
  type Side,
  unplacedLines,
  updateNode,
} from "../../reports/roi/layoutRules.ts";
import type { RoiGrid } from "../../reports/roi/model.ts";
import {
  type RoiLayoutLine,
  type SavedLayout,
  treeOf,
  useHistory,
  withTree,
  workingOf,
} from "./roiLayout/state.ts";
import { TreeSide } from "./roiLayout/TreeSide.tsx";
import { SectionPanel, SettingsPanel } from "./roiLayout/Options.tsx";
import { RoiReportTable } from "../../reports/roi/ReportTable.tsx";

export interface RoiLayoutEditorProps {
  definitionId: number;
  reportName: string;
  lines: RoiLayoutLine[];
  layouts: SavedLayout[];
  /** the engine's grid for the preview; null when it could not be computed (`gridProblem` says why) */
  grid: RoiGrid | null;
  gridProblem: string | null;
  urls: { save: string; remove: string };
}

export default function RoiLayoutEditor(props: RoiLayoutEditorProps) {
  const [layouts, setLayouts] = useState(props.layouts);
  const [currentId, setCurrentId] = useState(props.layouts[0].id);
  const current = layouts.find((l) => l.id === currentId) ?? layouts[0];
  const [name, setName] = useState(current.name);
  const history = useHistory(workingOf(current));
  const working = history.present;
  const [selected, setSelected] = useState<{ side: Side; name: string } | null>(null);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement).closest("input, select, textarea")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) (e.preventDefault(), history.undo());
      else if (key === "y" || (key === "z" && e.shiftKey)) (e.preventDefault(), history.redo());
    };
    globalThis.addEventListener("keydown", onKey);
    return () => globalThis.removeEventListener("keydown", onKey);
  }, [history.undo, history.redo]);

  const preview = useMemo(
    () =>
      props.grid
        ? displayReport(props.grid, {
          creditLayoutSection: working.credit,
          debitLayoutSection: working.debit,
          layoutSettings: working.settings,
        })
        : null,
    [props.grid, working],
  );

  const open = (id: number) => {
    if (history.isDirty && !confirm("Leave this layout without saving your changes?")) return;
    const next = layouts.find((l) => l.id === id)!;
    setCurrentId(id);
    setName(next.name);
    setSelected(null);
    history.reset(workingOf(next));
  };

  const save = async (asNew: boolean) => {
    const newName = asNew ? prompt("Name of the new layout", `${name} copy`)?.trim() : name.trim();
    if (!newName) return;
    setBusy(true);
    try {
      const saved = await api<SavedLayout>("POST", props.urls.save, {
        definitionId: props.definitionId,
        id: asNew || current.id === 0 ? null : current.id,
        name: newName,
        creditLayoutSection: working.credit,
        debitLayoutSection: working.debit,
        layoutSettings: working.settings,
        lastModified: asNew ? null : current.lastModified,
      });
      setLayouts((all) => {
        const kept = asNew ? all : all.filter((l) => l.id !== current.id);
        const at = asNew ? all.length : all.findIndex((l) => l.id === current.id);
        const next = [...kept];
        next.splice(at < 0 ? next.length : at, 0, saved);
        return next;
      });
      setCurrentId(saved.id);
      setName(saved.name);
      history.reset(workingOf(saved));
      toast("success", asNew ? `Layout ${saved.name} added.` : "Layout saved.");
    } catch {
      // the api client has said why (a 409 asks to reload)
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (layouts.length < 2 || current.id === 0) return;
    if (!confirm(`Delete the layout ${current.name}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await api("POST", props.urls.remove, { id: current.id, lastModified: current.lastModified });
      const rest = layouts.filter((l) => l.id !== current.id);
      setLayouts(rest);
      setCurrentId(rest[0].id);
      setName(rest[0].name);
      history.reset(workingOf(rest[0]));
      toast("success", `Layout ${current.name} deleted.`);
    } catch {
      // toasted by the api client
    } finally {
      setBusy(false);
    }
  };

  const addSection = (side: Side) => {
    const name = nextSectionName([working.credit, working.debit]);
    const tree = treeOf(working, side);
    const section = sectionNode(name, "New section", side === "debit");
    history.commit(withTree(working, side, { ...tree, children: [...tree.children, section] }));
    setSelected({ side, name });
    setSaid(`Section New section added at the end of ${tree.displayName}. Its options are beside the trees.`);
  };

  const selectedNode = selected ? findNode(treeOf(working, selected.side), selected.name) : null;
  const sides: Side[] = ["credit", "debit"];

  return (
    <div className="roi-designer">
      <div className="roi-toolbar toolbar no-print">
        <label className="field field-inline">
          <span>Layout</span>
          <select value={current.id} onChange={(e) => open(Number(e.target.value))}>
            {layouts.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select>
        </label>
        <label className="field field-inline">
          <span>Name</span>
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="button" className="btn" onClick={history.undo} disabled={!history.canUndo}>Undo</button>
        <button type="button" className="btn" onClick={history.redo} disabled={!history.canRedo}>Redo</button>
        <button type="button" className="btn btn-primary" onClick={() => save(false)} disabled={busy}>
          Save layout
        </button>
        <button type="button" className="btn" onClick={() => save(true)} disabled={busy}>
          Save as new layout
        </button>
        {layouts.length > 1 && current.id !== 0 && (
          <button type="button" className="btn btn-danger" onClick={remove} disabled={busy}>
            Delete layout
          </button>
        )}
        {history.isDirty && <span className="hint" role="status">Not saved yet</span>}
      </div>
      <p className="hint no-print">
        Drag lines and sections, or from the keyboard: Tab to the tree, up and down to choose an item, Space
        to pick it up, arrows to move it (right and left change its depth), Space to drop, Escape to cancel.
        Ctrl+Z undoes.
      </p>
      <div className="roi-designer-body">
        <div className="roi-trees">
          {sides.map((side) => (
            <TreeSide
              key={side}
              side={side}
              tree={treeOf(working, side)}
              unplaced={unplacedLines(treeOf(working, side), side, props.lines)}
              selected={selected?.side === side ? selected.name : null}
              onSelect={(name) => setSelected({ side, name })}
              onCommit={(tree) => history.commit(withTree(working, side, tree))}
              onPreview={(tree) => history.preview(withTree(working, side, tree))}
              onSettle={(from, keep) => {
                const before = withTree(working, side, from);
                if (keep) history.settle(before);
                else history.preview(before);
              }}
              onAddSection={() => addSection(side)}
              announce={setSaid}
              refuse={(reason) => {
                setSaid(reason);
                toast("warning", reason, "Not moved");
              }}
            />
          ))}
        </div>
        <div className="roi-panels">
          {selected && selectedNode?.isSection && (
            <SectionPanel
              node={selectedNode}
              onRename={(displayName) =>
                history.commit(
                  withTree(
                    working,
                    selected.side,
                    updateNode(treeOf(working, selected.side), selected.name, (n) => ({ ...n, displayName })),
                  ),
                )}
              onOption={(options) =>
                history.commit(
                  withTree(
                    working,
                    selected.side,
                    updateNode(treeOf(working, selected.side), selected.name, (n) => ({ ...n, options })),
                  ),
                )}
            />
          )}
          <SettingsPanel
            settings={working.settings}
            onChange={(settings) => history.commit({ ...working, settings })}
          />
        </div>
      </div>
      <section className="roi-preview" aria-labelledby="roi-preview-title">
        <h3 id="roi-preview-title">Preview</h3>
        {preview
          ? <RoiReportTable report={preview} caption={props.reportName} label="Preview of the report" />
          : <p className="notice">{props.gridProblem ?? "The report's figures could not be computed."}</p>}
      </section>
      <div className="sr-only" aria-live="assertive" aria-atomic="true">{said}</div>
    </div>
  );
}
