/**
 * The pen layout editor (Settings › Yards & paddocks › a yard; spec 2 §2.2, spec 1 §5/§9): add, drag,
 * resize, rotate, rename, duplicate, delete and align pens on a 5-unit grid over the site map, with undo
 * and redo, and save the layout whole (SaveStockyardLayout, against the lastModified it loaded: someone
 * else's save since is a 409 with a Reload button).
 *
 * Konva is browser-only and heavy, so it is loaded by an effect as its own chunk (penLayout/Canvas.tsx):
 * the server, and the browser until the chunk arrives, render the same static SVG (penLayout/Preview.tsx),
 * and hydration matches. Keyboard, on the canvas: arrows move the selected pens a grid step (with Shift
 * ten), Delete deletes (after asking), Ctrl/⌘+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Escape clears the
 * selection; "Pens as a list" gives every pen's numbers in a table.
 */
import { type ComponentType, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, notifyApiError } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import type { CanvasProps, Shapes } from "./penLayout/Canvas.tsx";
import { Preview } from "./penLayout/Preview.tsx";
import { PenPanel } from "./penLayout/PenPanel.tsx";
import { MapUpload } from "./penLayout/MapUpload.tsx";
import { PenList } from "./penLayout/PenList.tsx";
import { Toolbar } from "./penLayout/Toolbar.tsx";
import { useThemeColors } from "./penLayout/theme.ts";
import {
  addPen,
  type Alignment,
  alignPens,
  arrowDelta,
  commit,
  deletePens,
  duplicatePens,
  fromSaved,
  type History,
  type Layout,
  layoutProblem,
  movePens,
  placePens,
  redo,
  refuseDelete,
  sameLayout,
  type SavedPen,
  startHistory,
  toSaveBody,
  undo,
  updatePen,
} from "./penLayout/model.ts";

export interface PenLayoutEditorProps {
  stockyardId: number;
  yardName: string;
  lastModified: string;
  hasMapImage: boolean;
  pens: SavedPen[];
  urls: {
    /** POST SaveStockyardLayout */
    save: string;
    /** GET this yard's setup (Reload) */
    setup: string;
    /** GET the site map image */
    map: string;
    /** POST multipart UploadMapImage */
    upload: string;
  };
}

interface Setup {
  lastModified: string;
  hasMapImage: boolean;
  pens: SavedPen[];
}

export default function PenLayoutEditor(props: PenLayoutEditorProps) {
  const [saved, setSaved] = useState<Layout>(() => fromSaved(props.pens));
  const [history, setHistory] = useState<History>(() => startHistory(saved));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [lastModified, setLastModified] = useState(props.lastModified);
  const [hasMap, setHasMap] = useState(props.hasMapImage);
  const [mapVersion, setMapVersion] = useState("");
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [asking, setAsking] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const [CanvasView, setCanvasView] = useState<ComponentType<CanvasProps> | null>(null);
  const [width, setWidth] = useState(0);
  const stageBox = useRef<HTMLDivElement>(null);
  const askBox = useRef<HTMLDivElement>(null);
  const colors = useThemeColors(stageBox);

  const layout = history.present;
  const dirty = !sameLayout(layout, saved);
  const selectedPens = layout.filter((p) => selected.has(p.key));
  const mapUrl = hasMap
    ? `${props.urls.map}/${props.stockyardId}${mapVersion ? `?v=${encodeURIComponent(mapVersion)}` : ""}`
    : null;

  useEffect(() => {
    setHydrated(true);
    let live = true;
    import("./penLayout/Canvas.tsx")
      .then((m) => live && setCanvasView(() => m.default))
      .catch((error) => {
        console.error("[PenLayoutEditor] the canvas did not load", error);
        if (live) setNotice("The drawing tools did not load: reload the page to edit the layout.");
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const box = stageBox.current;
    if (!box) return;
    const measure = () => setWidth(Math.floor(box.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    globalThis.addEventListener("beforeunload", warn);
    return () => globalThis.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    if (asking) askBox.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [asking]);

  /** A new present, with the selection kept to pens that still exist. */
  const change = useCallback((next: Layout, say: string, tag: string | null = null) => {
    setHistory((h) => commit(h, next, tag));
    setSelected((s) => new Set([...s].filter((k) => next.some((p) => p.key === k))));
    setNotice(null);
    setStatus(say);
  }, []);

  const travel = (to: (h: History) => History, say: string) => {
    const next = to(history);
    if (next === history) return;
    setHistory(next);
    setSelected((s) => new Set([...s].filter((k) => next.present.some((p) => p.key === k))));
    setStatus(say);
  };

  const select = (keys: string[], mode: "replace" | "toggle" | "add") => {
    setSelected((current) => {
      if (mode === "replace") return new Set(keys);
      const next = new Set(current);
      for (const k of keys) {
        if (mode === "toggle" && next.has(k)) next.delete(k);
        else next.add(k);
      }
      return next;
    });
    setAsking(null);
  };

  const onAdd = () => {
    const { layout: next, pen } = addPen(layout);
    change(next, `Pen ${pen.name} added at the top left.`);
    setSelected(new Set([pen.key]));
    stageBox.current?.focus({ preventScroll: true }); // the arrow keys move it at once
  };
  const onDuplicate = () => {
    const { layout: next, keys } = duplicatePens(layout, selected);
    change(next, `${keys.length === 1 ? "A copy was" : `${keys.length} copies were`} added.`);
    setSelected(new Set(keys));
    stageBox.current?.focus({ preventScroll: true });
  };
  const onDelete = () => {
    if (!selected.size) return;
    const refusal = refuseDelete(layout, selected);
    if (refusal) {
      setNotice(refusal);
      toast("warning", refusal, "Pen not deleted");
      return;
    }
    setAsking([...selected]);
  };
  const confirmDelete = () => {
    if (!asking) return;
    change(deletePens(layout, new Set(asking)), `Deleted ${namesOf(layout, asking)}. Undo brings them back.`);
    setAsking(null);
    stageBox.current?.focus();
  };
  const onAlign = (how: Alignment) =>
    change(alignPens(layout, selectedPens.map((p) => p.key), how), `Pens aligned: ${how}.`);
  const onPlace = (shapes: Shapes) =>
    change(placePens(layout, shapes), `${shapes.size === 1 ? "Pen" : `${shapes.size} pens`} placed.`);

  const load = (setup: Setup) => {
    const pens = fromSaved(setup.pens);
    setSaved(pens);
    setHistory(startHistory(pens));
    setSelected((s) => new Set([...s].filter((k) => pens.some((p) => p.key === k))));
    setLastModified(setup.lastModified);
    setHasMap(setup.hasMapImage);
    setConflict(null);
    setAsking(null);
    setNotice(null);
  };

  const save = async () => {
    const problem = layoutProblem(layout);
    if (problem) {
      setNotice(problem);
      toast("warning", problem, "Not saved");
      return;
    }
    setBusy(true);
    try {
      const setup = await api<Setup>(
        "POST",
        props.urls.save,
        { stockyardId: props.stockyardId, lastModified, pens: toSaveBody(layout) },
        { silent: true },
      );
      load(setup);
      const count = setup.pens.length;
      toast(
        "success",
        `The layout of ${props.yardName} was saved: ${count} ${count === 1 ? "pen" : "pens"}.`,
      );
      setStatus("Layout saved.");
    } catch (error) {
      if (!(error instanceof ApiError) || error.aborted || error.status === 401) return;
      if (error.status === 409) setConflict(error.message);
      else notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    setBusy(true);
    try {
      load(await api<Setup>("GET", props.urls.setup));
      toast("info", "The yard's saved layout was loaded.");
    } catch {
      // the api client has toasted the error
    } finally {
      setBusy(false);
    }
  };

  /** Ctrl/⌘+Z and redo anywhere in the editor but a text field; the rest only on the canvas. */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (busy || target.closest("input, select, textarea")) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && key === "z") {
      e.preventDefault();
      if (e.shiftKey) travel(redo, "Redone.");
      else travel(undo, "Undone.");
      return;
    }
    if (mod && key === "y") {
      e.preventDefault();
      travel(redo, "Redone.");
      return;
    }
    if (e.key === "Escape" && asking) {
      e.preventDefault();
      setAsking(null);
      stageBox.current?.focus();
      return;
    }
    if (target !== stageBox.current) return;
    const delta = arrowDelta(e.key, e.shiftKey);
    if (delta && selected.size) {
      e.preventDefault();
      const [dx, dy] = delta;
      change(movePens(layout, selected, dx, dy), `Moved ${Math.abs(dx || dy)} units.`);
    } else if ((e.key === "Delete" || e.key === "Backspace") && selected.size) {
      e.preventDefault();
      onDelete();
    } else if (e.key === "Escape") {
      setSelected(new Set());
      setAsking(null);
    } else if (key === "a" && mod) {
      e.preventDefault();
      setSelected(new Set(layout.map((p) => p.key)));
    }
  };

  const off = !hydrated || busy;
  const label = `Pen layout of ${props.yardName}: ${layout.length} pens`;
  return (
    <div
      className="pen-editor"
      data-pen-editor
      data-ready={CanvasView && width ? "" : undefined}
      data-dirty={dirty || undefined}
      onKeyDown={onKeyDown}
    >
      <Toolbar
        off={off}
        busy={busy}
        selected={selected.size}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        dirty={dirty}
        onAdd={onAdd}
        onDuplicate={onDuplicate}
        onDelete={onDelete}
        onAlign={onAlign}
        onUndo={() => travel(undo, "Undone.")}
        onRedo={() => travel(redo, "Redone.")}
        onSave={() => void save()}
        map={
          <MapUpload
            stockyardId={props.stockyardId}
            uploadUrl={props.urls.upload}
            hasMap={hasMap}
            disabled={off}
            onUploaded={(version) => {
              setHasMap(true);
              setMapVersion(version);
            }}
          />
        }
      />
      {conflict && (
        <div className="banner banner-warning pen-editor-conflict" role="alert" data-conflict>
          <span>
            <strong>Change Conflict.</strong> {conflict} Reloading replaces your unsaved changes.
          </span>
          <Button className="btn-sm" onClick={() => void reload()} disabled={busy}>Reload</Button>
        </div>
      )}
      {asking && (
        <div className="action-ask pen-editor-ask" role="alertdialog" aria-label="Delete pens" ref={askBox}>
          <span>
            Delete {asking.length === 1 ? "pen" : `${asking.length} pens`} {namesOf(layout, asking)}?
          </span>
          <Button variant="danger" className="btn-sm" onClick={confirmDelete}>Delete</Button>
          <Button
            variant="ghost"
            className="btn-sm"
            onClick={() =>
              setAsking(null)}
          >
            Keep
          </Button>
        </div>
      )}
      {notice && <p className="form-error pen-editor-notice" role="alert">{notice}</p>}
      <PenPanel
        pens={selectedPens}
        disabled={off}
        onName={(key, name) => change(updatePen(layout, key, { name }), "", `name:${key}`)}
        onNumber={(key, field, value) =>
          change(
            updatePen(layout, key, {
              [field]: field === "capacity" ? Math.min(10_000, Math.max(0, Math.round(value))) : value,
            }),
            `${field} set.`,
          )}
        onOperational={(key, isOperational) =>
          change(updatePen(layout, key, { isOperational }), isOperational ? "In use." : "Not in use.")}
      />
      <div
        className="pen-editor-stage"
        ref={stageBox}
        tabIndex={0}
        role="application"
        aria-label={`${label}. Arrow keys move the selected pens, Delete deletes them.`}
        onMouseDown={() => stageBox.current?.focus({ preventScroll: true })}
        data-scale={width ? width / 1200 : undefined}
      >
        {CanvasView && width
          ? (
            <CanvasView
              layout={layout}
              selected={selected}
              width={width}
              colors={colors}
              mapUrl={mapUrl}
              onSelect={select}
              onPlace={onPlace}
            />
          )
          : <Preview layout={layout} mapUrl={mapUrl} label={label} />}
      </div>
      <p className="sr-only" aria-live="polite">{status}</p>
      <PenList layout={layout} />
    </div>
  );
}

const namesOf = (layout: Layout, keys: readonly string[]) =>
  layout.filter((p) => keys.includes(p.key)).map((p) => p.name).join(", ");
