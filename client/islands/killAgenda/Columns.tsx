/** @jsxRuntime classic */
/** @jsx React.createElement */
/** @jsxFrag React.Fragment */
// classic JSX (React.createElement): the page loads no react/jsx-runtime chunk, for its 95 KB budget
/**
 * The planner's pieces: a day's column (a drop target holding its lots in kill order, with its head
 * against the target) and the cards that are dragged (a lot, an unscheduled mob, an undelivered order).
 * A card is its own drag handle: focus it and press Space to lift it.
 *
 * A lot card is both draggable and a drop target (dnd-kit core; @dnd-kit/sortable stays off this page for
 * its weight). While a card is dragged over a day its lots make room where it would land (and close up
 * behind a lot dragged within its day); below the last lot a line shows it goes last.
 */
import * as React from "react";
import { useDndContext, useDraggable, useDroppable } from "@dnd-kit/core";
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { formatCarcasses } from "../../../server/areas/killAgenda/boardRules.ts";
import { type Agenda, cardsOf, type Item, lotOf } from "./model.ts";

const moveStyle = (t: { x: number; y: number } | null) =>
  t ? { transform: `translate3d(${Math.round(t.x)}px, ${Math.round(t.y)}px, 0)` } : undefined;

/**
 * A drag over this day: how far each card moves to make room where the dragged card would land (px, by
 * index), whether it would land below the last (dropped on the day itself: a lot goes last), and how much
 * the list grows for a card from elsewhere (as it will once dropped: a full day's last lots stay inside it).
 */
function useLanding(ids: string[], date: string) {
  const { active, over, droppableRects: rects } = useDndContext();
  const overId = String(over?.id);
  const to = overId === `day:${date}` ? ids.length : ids.indexOf(overId);
  const from = ids.indexOf(String(active?.id));
  const moves = ids.map(() => 0);
  if (to < 0) return { isOver: false, last: false, moves, grow: 0 };
  // as a list opens (and closes up behind a lot dragged within it): by the card's height and the gap
  const [a, b] = [rects.get(ids[0]), rects.get(ids[1])];
  const room = (active?.rect.current.initial?.height ?? 0) + (a && b ? b.top - a.bottom : 0);
  if (from < 0) { for (let k = to; k < ids.length; k++) moves[k] = room; }
  else {
    const end = Math.min(to, ids.length - 1);
    for (let k = from + 1; k <= end; k++) moves[k] = -room;
    for (let k = end; k < from; k++) moves[k] = room;
  }
  return { isOver: true, last: from < 0 && to === ids.length, moves, grow: from < 0 ? room : 0 };
}

export function DayColumn({ day, today, dayHref, otherDates, onSwap, disabled }: {
  day: Agenda;
  today: string;
  dayHref: string;
  otherDates: string[];
  onSwap: (date: string) => void;
  disabled: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: `day:${day.productionDate}` });
  const { head, target } = day.totals;
  const label = formatDate(day.productionDate, false);
  const cards = cardsOf(day.items);
  const { isOver, last, moves, grow } = useLanding(cards.map(([i]) => `item:${i.id}`), day.productionDate);
  return (
    <section
      ref={setNodeRef}
      className={`planner-day${isOver ? " is-over" : ""}${day.productionDate === today ? " is-today" : ""}`}
      aria-labelledby={`day-${day.productionDate}`}
      data-date={day.productionDate}
    >
      <header className="planner-day-head">
        <h3 id={`day-${day.productionDate}`}>
          <a href={dayHref}>{label}</a>
        </h3>
        <p
          className="planner-total"
          title={`${formatCarcasses(day.totals.estimatedCarcasses)} estimated carcasses`}
        >
          <strong>{formatHead(head)}</strong> head{target ? <>/{formatHead(target)}</> : null}
        </p>
        {target > 0 && (
          <meter
            className={`planner-bar${head > target ? " is-over-target" : ""}`}
            aria-label={`${label}: ${formatHead(head)} of a ${formatHead(target)} head target`}
            max={target}
            value={head}
          />
        )}
        <select
          className="planner-swap"
          aria-label={`Swap ${label} with another day`}
          value=""
          disabled={disabled}
          onChange={(e) => e.target.value && onSwap(e.target.value)}
        >
          <option value="">Swap…</option>
          {otherDates.map((d) => <option key={d} value={d}>{formatDate(d, false)}</option>)}
        </select>
      </header>
      <ol
        className={`planner-items${last ? " lands-last" : ""}`}
        style={grow ? { paddingBottom: grow } : undefined}
      >
        {cards.map((card, k) => (
          <LotCard key={card[0].id} items={card} day={day} disabled={disabled} move={moves[k]} />
        ))}
      </ol>
      {!day.items.length && <p className="planner-empty">Nothing planned</p>}
    </section>
  );
}

/** A card stays an item of its day's list (a list may hold only items); its role description says it moves. */
const LIST_ITEM = { role: "listitem" };

/** How far a lot's card moves to make room for the card dragged (px). */
type Place = { disabled: boolean; move: number };

/** A card, dragged; a lot's is also a drop target under its own id (a mob or an order is dropped only). */
function useCard(id: string, disabled: boolean, move = 0) {
  const { setNodeRef: drop } = useDroppable({ id, disabled: disabled || !id.startsWith("item:") });
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id,
    disabled,
    attributes: LIST_ITEM,
  });
  const ref = React.useCallback((node: HTMLElement | null) => (setNodeRef(node), drop(node)), [
    setNodeRef,
    drop,
  ]);
  return {
    ...attributes,
    ...listeners,
    ref,
    style: moveStyle(isDragging ? transform : move ? { x: 0, y: move } : null),
    className: `planner-card${isDragging ? " is-dragging" : ""}`,
  };
}

/**
 * A lot's card: one order, or a boxed lot (several orders killed as one, one card moved whole) naming its
 * orders and suppliers with the head summed, and what of the lot is not on this day.
 */
function LotCard({ items, day, disabled, move }: Place & { items: Item[]; day: Agenda }) {
  const [first] = items;
  const card = useCard(`item:${first.id}`, disabled, move);
  const ref = first.boxedLotRef;
  const lot = day.boxedLots.find((l) => ref && l.boxedLotRef === ref);
  const orders = (lot?.livestockOrderIds ?? [...new Set(items.map((i) => i.livestockOrderId))]).join(", ");
  const suppliers = (lot?.suppliers ?? [...new Set(items.map((i) => i.supplierName))]).join(" + ");
  const head = items.reduce((n, i) => n + i.numberOfHead, 0);
  const refusal = items.find((i) => i.moveRefusal)?.moveRefusal;
  const noNvd = items.some((i) => i.stockMobId !== null && !i.isLinkedNvd);
  const status = [...new Set(items.map((i) => i.status))].join(", ");
  const name = ref ?? lotOf(first);
  return (
    <li
      {...card}
      className={`${card.className}${ref ? " is-boxed" : first.isForDeliveryDisplay ? " is-expected" : ""}${
        refusal ? " is-fixed" : ""
      }`}
      data-item={first.id}
      data-boxed-lot={ref ?? undefined}
      aria-label={`${first.killAgendaOrderNumber}. ${
        ref ? `Boxed lot ${ref}: orders ${orders}` : name
      }, ${suppliers}, ${head} head, ${status}`}
      aria-roledescription={ref ? "boxed lot" : "lot"}
      title={refusal ?? undefined}
    >
      <span className="planner-card-top">
        <span className="planner-card-order">{first.killAgendaOrderNumber}</span>
        <strong className="planner-card-lot">{name}</strong>
        {ref && <span className="badge badge-info">Boxed</span>}
        {noNvd && (
          <span
            className="badge badge-warning nvd-missing"
            title={ref ? "An order of the lot has no NVD" : "No NVD matched to this order"}
          >
            No NVD
          </span>
        )}
      </span>
      <span className="planner-card-detail">
        <strong>{formatHead(head)}</strong> hd · {status}
      </span>
      {ref && <span className="planner-card-detail">Orders {orders}</span>}
      <span className="planner-card-detail">{suppliers}</span>
      {lot?.missing.map((m) => <span key={m} className="planner-card-missing">{m}</span>)}
    </li>
  );
}

export function DraggableCard({ id, title, detail, disabled }: {
  id: string;
  title: string;
  detail: string;
  disabled: boolean;
}) {
  return (
    <li
      {...useCard(id, disabled)}
      data-card={id}
      aria-roledescription="card to plan"
      aria-label={`${title}: ${detail}`}
    >
      <strong>{title}</strong>
      <span className="planner-card-detail">{detail}</span>
    </li>
  );
}
