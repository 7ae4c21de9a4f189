/**
 * The live yard (spec 1 §2 stockyard, §4 actions, §5 load rule, §8 yard failures; issue 36 §3): the
 * server-drawn yard (client/ui/yard/YardSvg.tsx) made interactive.
 *
 * - Looking is not moving: a click, Enter or Space on a pen (or a waiting load) selects it and the side
 *   panel shows its mobs and checks. A move starts on purpose: "Move…" / "Unload…" or M, or dragging a
 *   mob onto a pen; then the pen it goes to is chosen (pens it may not go to are greyed). A merge and
 *   head above a pen's capacity ask first (useMove.ts); each move's toast offers Undo (or Ctrl+Z).
 * - Escape always cancels: the question, then the pending move, then the selection, wherever focus is
 *   (a check box just ticked included). Ticks are saved one after another, each with the mob as the
 *   last answer left it, so none is lost to a move or a quick second tick.
 * - The side panel acts on what is selected: checks, separated head, pending kill, kill floor, unfit bin,
 *   another yard, reservations. Live: the yard re-reads on the yard's push events (useYard.ts).
 *
 * With `reserve`, the same drawing picks pens to reserve or unreserve for one order (reserve-pens screen).
 */
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { refuseLoad } from "../../server/areas/stockyard/rules.ts";
import { formatHead } from "../../kernel/format.ts";
import { toast } from "../runtime/toast.ts";
import {
  ARROWS,
  findMob,
  lotLabel,
  neighbour,
  type YardData,
  type YardMob,
  type YardPen,
} from "../ui/yard/model.ts";
import { type PenFlags, YardLegend, YardSvg } from "../ui/yard/YardSvg.tsx";
import { useYard, type YardUrls } from "./yard/useYard.ts";
import { penOf, useDrag } from "./yard/useDrag.ts";
import {
  Bin,
  CarryOver,
  fill,
  MobList,
  PenActions,
  ReservePanel,
  type ReserveTarget,
  type YardLinks,
} from "./yard/Panels.tsx";
import { MobActions } from "./yard/MobActions.tsx";
import { useMove } from "./yard/useMove.ts";
import { MoveQuestion } from "./yard/MoveQuestion.tsx";
import { useTicks } from "./yard/useTicks.ts";
import { useYardKeys } from "./yard/useYardKeys.ts";
import { refusedPens, statusLine } from "./yard/boardState.ts";

export interface YardBoardProps {
  view: YardData;
  urls: YardUrls;
  /** the yard's site map under the pens (null: none) */
  mapUrl: string | null;
  links: YardLinks;
  /** the caller may join the orders' `Deliveries` push group (livestock module) */
  deliveries?: boolean;
  /** the reserve-pens screen: pick pens for this order */
  reserve?: ReserveTarget;
}

export default function YardBoard(props: YardBoardProps) {
  const { urls, links, reserve } = props;
  const { view, viewRef, busy, live, act, send } = useYard(props.view, urls, props.deliveries);
  /** the mob the side panel shows (selected, not picked up) */
  const [selectedMobId, setSelectedMobId] = useState<number | null>(null);
  const [penId, setPenId] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [head, setHead] = useState("");
  const [reservePicked, setReservePicked] = useState<ReadonlySet<number>>(new Set());
  const svgRef = useRef<SVGSVGElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const ticks = useTicks(viewRef, urls, act);

  const focusPen = (id: number) => {
    setFocusId(id);
    svgRef.current?.querySelector<SVGGElement>(`[data-pen-id="${id}"]`)?.focus();
  };
  const move = useMove({
    urls,
    send,
    act,
    view: () => viewRef.current,
    onLanded: (id) => {
      setSelectedMobId(null);
      setHead("");
      setPenId(id);
      focusPen(id);
    },
    onUndone: () => focusPen(focusId ?? penId ?? viewRef.current.pens[0]?.id),
  });

  /** head the hand typed for the selected mob, else all of it */
  const headOf = (m: YardMob) => m.stockMobId === selectedMobId && Number(head) > 0 ? Number(head) : m.head;
  /** lands a mob once the checks ticked before have been saved (so the move sends the mob as it is now) */
  const landAfterTicks = (mobId: number, target: YardPen) =>
    void ticks.settled().then(() => {
      const now = findMob(viewRef.current, mobId);
      const pen = viewRef.current.pens.find((p) => p.id === target.id);
      if (now && pen) void move.land(now, pen, headOf(now));
    });

  // dropping lands the mob when the drag ends, long after this render
  const { drag, startDrag, ghostRef, ghostStyle, suppressClick } = useDrag((mobId, penId) => {
    const target = viewRef.current.pens.find((p) => p.id === penId);
    const moving = findMob(viewRef.current, mobId);
    if (target && moving && target.id !== moving.penId) landAfterTicks(mobId, target);
  });
  const startMobDrag = (e: ReactPointerEvent, mobId: number) => {
    if (!busy && !reserve) startDrag(e, mobId);
  };

  const mob = selectedMobId !== null ? findMob(view, selectedMobId) : null;
  const moving = move.movingId !== null ? findMob(view, move.movingId) : null;
  const pen = penId !== null ? view.pens.find((p) => p.id === penId) ?? null : null;
  const where = !mob
    ? null
    : view.waiting.some((m) => m.stockMobId === mob.stockMobId)
    ? "waiting"
    : view.arriving.some((m) => m.stockMobId === mob.stockMobId)
    ? "arriving"
    : "pen";

  // what was selected may have gone (moved by someone else, sent to the kill floor): let it go too
  useEffect(() => {
    if (selectedMobId !== null && !mob) setSelectedMobId(null);
    if (move.movingId !== null && !moving) move.cancelMove();
    if (penId !== null && !pen) setPenId(null);
  }, [selectedMobId, mob, move.movingId, moving, penId, pen]);

  const draggedMob = drag ? findMob(view, drag.mobId) : null;
  const shown = draggedMob ?? moving;
  const refused = useMemo(() => refusedPens(view.pens, shown, reserve), [view.pens, shown, reserve]);

  const tabStop = focusId ?? penId ?? view.pens[0]?.id;
  const flags = (p: YardPen): PenFlags => ({
    selected: reserve ? reservePicked.has(p.id) : p.id === penId,
    refused: refused?.has(p.id) ?? false,
    source: shown?.penId === p.id,
    dropTarget: drag?.over === p.id,
    tabbable: p.id === tabStop,
  });

  const clear = () => {
    move.cancelMove();
    setSelectedMobId(null);
    setPenId(null);
    setHead("");
    setReservePicked(new Set());
  };

  /** "Move…" or M: the selected mob (else the focused pen's) moves; focus goes to the drawing */
  const startMove = () => {
    if (busy || reserve || moving) return false;
    const focused = penOf(document.activeElement);
    const there = viewRef.current.pens.find((p) => p.id === focused && p.id !== penId && p.contents.length);
    const mobId = there ? there.contents[0].stockMobId : mob?.stockMobId;
    if (mobId === undefined) return false;
    if (there) {
      setPenId(there.id);
      setSelectedMobId(mobId);
      setHead("");
    }
    move.startMove(mobId);
    if (!there) focusPen(tabStop);
    return true;
  };

  const activatePen = (id: number) => {
    const target = viewRef.current.pens.find((p) => p.id === id);
    if (!target || busy) return;
    setFocusId(id);
    if (reserve) {
      if (refused?.has(id)) {
        toast(
          "warning",
          refuseLoad(target, reserve.livestockOrderId) ?? "That pen cannot be reserved.",
          "Reserve",
        );
        return;
      }
      setReservePicked((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      });
      return;
    }
    if (moving) {
      // the pen it came from again: put the mob down
      if (target.id === moving.penId) move.cancelMove();
      else landAfterTicks(moving.stockMobId, target);
      return;
    }
    setPenId(id);
    setHead("");
    setSelectedMobId(target.contents[0]?.stockMobId ?? null);
  };

  /** a mob of the pen, a waiting or arriving load: shown in the panel (a pending move is dropped) */
  const selectMob = (id: number) => {
    if (busy) return;
    move.cancelMove();
    const m = findMob(viewRef.current, id);
    setSelectedMobId(id);
    setHead("");
    setPenId(m?.penId ?? null);
  };

  useYardKeys(boardRef, {
    escape: () => {
      if (move.asking || moving) move.cancelMove();
      else if (mob || pen || reservePicked.size) clear();
      else return false;
      // focus that was lost to the page (a control disabled while saving) comes back to the yard
      const active = document.activeElement;
      if (!active || active === document.body) focusPen(tabStop);
      return true;
    },
    move: startMove,
    undo: move.undoLast,
  });

  const onSvgPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    const id = penOf(e.target);
    const p = id !== null ? view.pens.find((x) => x.id === id) : undefined;
    if (!p || !p.contents.length) return;
    const own = mob && mob.penId === p.id ? mob : p.contents[0];
    startMobDrag(e, own.stockMobId);
  };

  const onSvgKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const id = penOf(e.target);
    if (id === null) return;
    const dir = ARROWS[e.key];
    if (dir) {
      e.preventDefault();
      const next = neighbour(view.pens, id, dir);
      if (next !== null) focusPen(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activatePen(id);
    }
  };

  const yardLabel = `${view.yard.name}: ${view.pens.length} pens, ${formatHead(view.yard.head)} head`;
  const statusText = statusLine({ reserve, picked: reservePicked.size, moving, pen, mob, where, headOf });

  return (
    <div
      ref={boardRef}
      className={`yard-board${busy ? " is-busy" : ""}`}
      aria-busy={busy}
      data-live={live ? "" : undefined}
      data-moving={moving ? moving.stockMobId : undefined}
    >
      <div className="yard-top">
        <nav className="yard-switcher" aria-label="Yards">
          {view.yards.map((y) => (
            <a
              key={y.id}
              href={fill(links.yard, y.id)}
              aria-current={y.id === view.yard.id ? "page" : undefined}
            >
              {y.name}
              <small>{formatHead(y.head)} hd · {y.pensUsed}/{y.pens} pens</small>
            </a>
          ))}
        </nav>
        <YardLegend />
      </div>
      <p className={`yard-status${moving ? " is-picking" : ""}`} role="status" aria-live="polite">
        {statusText}
      </p>
      <div className="yard-layout">
        <div className="yard-drawing">
          <YardSvg
            pens={view.pens}
            label={yardLabel}
            mapUrl={props.mapUrl}
            interactive
            flags={flags}
            svgProps={{
              ref: svgRef,
              onClick: (e) => {
                if (suppressClick.current) return;
                const id = penOf(e.target);
                if (id !== null) activatePen(id);
              },
              onKeyDown: onSvgKeyDown,
              onPointerDown: onSvgPointerDown,
              onFocus: (e) => {
                const id = penOf(e.target);
                if (id !== null) setFocusId(id);
              },
            }}
          />
        </div>
        <aside className="yard-side yard-controls" aria-label={reserve ? "Reserve pens" : "Selected"}>
          {reserve
            ? (
              <ReservePanel
                view={view}
                reserve={reserve}
                picked={reservePicked}
                setPicked={setReservePicked}
                busy={busy}
                act={act}
                urls={urls}
              />
            )
            : (
              <>
                {(pen || mob) && (
                  <section className="yard-picked" aria-label="Selected">
                    {pen && (
                      <PenActions
                        pen={pen}
                        pickedMobId={selectedMobId}
                        onPickMob={selectMob}
                        busy={busy}
                        act={act}
                        urls={urls}
                      />
                    )}
                    {mob && where && (
                      <MobActions
                        key={mob.stockMobId}
                        view={view}
                        mob={mob}
                        where={where}
                        head={head}
                        setHead={setHead}
                        busy={busy}
                        act={act}
                        urls={urls}
                        links={links}
                        moving={moving?.stockMobId === mob.stockMobId}
                        onMove={() => void startMove()}
                        onCancel={clear}
                        ticks={ticks}
                      />
                    )}
                  </section>
                )}
                <MobList
                  title="Waiting to unload"
                  mobs={view.waiting}
                  pickedMobId={selectedMobId}
                  onPick={selectMob}
                  onDragStart={startMobDrag}
                  empty="No loads are waiting."
                />
                {view.arriving.length > 0 && (
                  <MobList
                    title="Arriving from another yard"
                    mobs={view.arriving}
                    pickedMobId={selectedMobId}
                    onPick={selectMob}
                    onDragStart={startMobDrag}
                    empty=""
                  />
                )}
                <Bin view={view} busy={busy} act={act} urls={urls} />
                <CarryOver view={view} busy={busy} act={act} urls={urls} />
              </>
            )}
        </aside>
      </div>
      {move.asking && (
        <MoveQuestion
          asking={move.asking}
          busy={busy}
          onConfirm={() => void move.confirm()}
          onCancel={() => {
            move.cancelMove();
            focusPen(tabStop);
          }}
        />
      )}
      {drag && draggedMob && (
        <div
          ref={ghostRef}
          className="yard-ghost"
          aria-hidden="true"
          style={ghostStyle()}
        >
          {formatHead(headOf(draggedMob))} hd · {lotLabel(draggedMob)}
        </div>
      )}
    </div>
  );
}
