/**
 * The live yard (spec 1 §2 stockyard, §4 actions, §5 load rule, §8 yard failures): the server-drawn yard
 * (client/ui/yard/YardSvg.tsx) made interactive.
 *
 * - Pick a mob (a pen, a waiting or arriving load), then the pen it goes to: by pointer, by keyboard
 *   (the drawing is one tab stop; arrows move between pens, Enter or Space picks, Escape cancels) or by
 *   dragging it onto the pen (pointer events). Pens the mob may not go to are greyed (rules.refuseLoad);
 *   choosing one says why instead of asking the server.
 * - The side panel acts on what is picked: unload or move all or part, checks, separated head, pending
 *   kill, kill floor (mob or whole order, "as if last shift"), unfit bin, another yard, reservations.
 * - Live: the yard re-reads on the yard's push events (useYard.ts).
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
import { refuseHead, refuseLoad } from "../../server/areas/stockyard/rules.ts";
import { formatHead } from "../ui/format.ts";
import { toast } from "../runtime/toast.ts";
import {
  type Direction,
  findMob,
  lotLabel,
  neighbour,
  refusal,
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

const ARROWS: Record<string, Direction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

export default function YardBoard(props: YardBoardProps) {
  const { urls, links, reserve } = props;
  const { view, viewRef, busy, live, act } = useYard(props.view, urls, props.deliveries);
  const [pickedMobId, setPickedMobId] = useState<number | null>(null);
  const [penId, setPenId] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [head, setHead] = useState("");
  const [reservePicked, setReservePicked] = useState<ReadonlySet<number>>(new Set());
  const svgRef = useRef<SVGSVGElement>(null);

  // dropping calls sendTo (below) when the drag ends, long after this render
  const { drag, startDrag, ghostRef, ghostStyle, suppressClick } = useDrag((mobId, penId) => {
    const target = viewRef.current.pens.find((p) => p.id === penId);
    const moving = findMob(viewRef.current, mobId);
    if (target && moving && target.id !== moving.penId) void sendTo(moving, target);
  });
  const startMobDrag = (e: ReactPointerEvent, mobId: number) => {
    if (!busy && !reserve) startDrag(e, mobId);
  };

  const mob = pickedMobId !== null ? findMob(view, pickedMobId) : null;
  const pen = penId !== null ? view.pens.find((p) => p.id === penId) ?? null : null;
  const where = !mob
    ? null
    : view.waiting.some((m) => m.stockMobId === mob.stockMobId)
    ? "waiting"
    : view.arriving.some((m) => m.stockMobId === mob.stockMobId)
    ? "arriving"
    : "pen";

  // what was picked may have gone (moved by someone else, sent to the kill floor): let it go too
  useEffect(() => {
    if (pickedMobId !== null && !mob) setPickedMobId(null);
    if (penId !== null && !pen) setPenId(null);
  }, [pickedMobId, mob, penId, pen]);

  const draggedMob = drag ? findMob(view, drag.mobId) : null;
  const shown = draggedMob ?? mob;
  const refused = useMemo(() => {
    if (reserve) {
      return new Set(
        view.pens.filter((p) =>
          p.livestockOrderReservedForId !== reserve.livestockOrderId &&
          refuseLoad(p, reserve.livestockOrderId)
        ).map((p) => p.id),
      );
    }
    return shown ? new Set(view.pens.filter((p) => refusal(p, shown)).map((p) => p.id)) : null;
  }, [view.pens, shown, reserve]);

  const tabStop = focusId ?? penId ?? view.pens[0]?.id;
  const flags = (p: YardPen): PenFlags => ({
    selected: reserve ? reservePicked.has(p.id) : p.id === penId,
    refused: refused?.has(p.id) ?? false,
    source: shown?.penId === p.id,
    dropTarget: drag?.over === p.id,
    tabbable: p.id === tabStop,
  });

  const clear = () => {
    setPickedMobId(null);
    setPenId(null);
    setHead("");
    setReservePicked(new Set());
  };

  const focusPen = (id: number) => {
    setFocusId(id);
    svgRef.current?.querySelector<SVGGElement>(`[data-pen-id="${id}"]`)?.focus();
  };

  /** Puts (all or part of) a mob into a pen: unload when it waits or arrives, else move or merge. */
  const sendTo = async (moving: YardMob, target: YardPen) => {
    const why = refusal(target, moving);
    if (why) {
      toast("warning", why, "Cannot go there");
      return;
    }
    const n = moving.stockMobId === pickedMobId && head.trim() ? Number(head) : moving.head;
    const headWhy = refuseHead(n, moving.head);
    if (headWhy) {
      toast("warning", headWhy, "Head");
      return;
    }
    const unloading = moving.penId === null;
    const merging = target.contents.some((c) => c.livestockOrderId === moving.livestockOrderId);
    const ok = await act(
      unloading ? urls.unloadDeliveryToPen : urls.moveOrMergeMobs,
      unloading
        ? { stockMobId: moving.stockMobId, penId: target.id, head: n, lastModified: moving.lastModified }
        : { stockMobId: moving.stockMobId, toPenId: target.id, head: n, lastModified: moving.lastModified },
      `${unloading ? "Unloaded" : merging ? "Merged" : "Moved"} ${formatHead(n)} head ${
        unloading || merging ? "into" : "to"
      } pen ${target.name}.`,
    );
    setPickedMobId(null);
    setHead("");
    if (ok) {
      setPenId(target.id);
      setFocusId(target.id);
    }
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
    if (mob && target.id !== mob.penId) {
      void sendTo(mob, target);
      return;
    }
    if (mob && target.id === mob.penId && penId === id) {
      // the pen again: put the mob down, keep the pen
      setPickedMobId(null);
      return;
    }
    setPenId(id);
    setHead("");
    setPickedMobId(target.contents[0]?.stockMobId ?? null);
  };

  const pickMob = (id: number) => {
    if (busy) return;
    if (pickedMobId === id) {
      setPickedMobId(null);
      return;
    }
    const m = findMob(viewRef.current, id);
    setPickedMobId(id);
    setHead("");
    setPenId(m?.penId ?? null);
  };

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

  const onBoardKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || (!mob && !pen && !reservePicked.size)) return;
    e.preventDefault();
    clear();
  };

  const yardLabel = `${view.yard.name}: ${view.pens.length} pens, ${formatHead(view.yard.head)} head`;
  const picking = mob
    ? `${where === "pen" ? "Moving" : "Unloading"} ${
      head.trim() && Number(head) > 0 ? Number(head) : mob.head
    } head of ${
      lotLabel(mob)
    } · ${mob.supplierName}: choose a pen (greyed pens cannot take this order). Esc cancels.`
    : null;

  return (
    <div
      className={`yard-board${busy ? " is-busy" : ""}`}
      onKeyDown={onBoardKeyDown}
      aria-busy={busy}
      data-live={live ? "" : undefined}
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
      <p className={`yard-status${picking ? " is-picking" : ""}`} role="status" aria-live="polite">
        {reserve
          ? `Reserving pens for ${reserve.label}: pick pens, then Reserve. ${reservePicked.size} picked.`
          : picking ??
            "Pick a pen or a waiting load, then the pen it goes to, or drag it there. Arrows move between pens, Enter picks, Esc cancels."}
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
        <aside className="yard-side yard-controls" aria-label={reserve ? "Reserve pens" : "Picked"}>
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
                  <section className="yard-picked" aria-label="Picked">
                    {pen && (
                      <PenActions
                        pen={pen}
                        pickedMobId={pickedMobId}
                        onPickMob={pickMob}
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
                        onCancel={clear}
                      />
                    )}
                  </section>
                )}
                <MobList
                  title="Waiting to unload"
                  mobs={view.waiting}
                  pickedMobId={pickedMobId}
                  onPick={pickMob}
                  onDragStart={startMobDrag}
                  empty="No loads are waiting."
                />
                {view.arriving.length > 0 && (
                  <MobList
                    title="Arriving from another yard"
                    mobs={view.arriving}
                    pickedMobId={pickedMobId}
                    onPick={pickMob}
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
      {drag && draggedMob && (
        <div
          ref={ghostRef}
          className="yard-ghost"
          aria-hidden="true"
          style={ghostStyle()}
        >
          {formatHead(
            draggedMob.stockMobId === pickedMobId && Number(head) > 0 ? Number(head) : draggedMob.head,
          )} hd · {lotLabel(draggedMob)}
        </div>
      )}
    </div>
  );
}
