/**
 * The planner's pieces: a day's column (a drop target holding its lots in kill order, with its head
 * against the target) and the cards that are dragged (a lot, an unscheduled mob, an undelivered order).
 * A card is its own drag handle: focus it and press Space to lift it.
 */
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { formatDate, formatHead } from "../../../kernel/format.ts";
import { formatCarcasses } from "../../../server/areas/killAgenda/boardRules.ts";
import { type Agenda, cardsOf, type Item, lotOf } from "./model.ts";
import { pctClass } from "../../ui/inlineFree.ts";

const moveStyle = (t: { x: number; y: number } | null, transition?: string) =>
  t ? { transform: `translate3d(${Math.round(t.x)}px, ${Math.round(t.y)}px, 0)`, transition } : undefined;

export function DayColumn({ day, today, isOver, dayHref, otherDates, onSwap, disabled }: {
  day: Agenda;
  today: string;
  isOver: boolean;
  dayHref: string;
  otherDates: string[];
  onSwap: (date: string) => void;
  disabled: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: `day:${day.productionDate}` });
  const { head, target } = day.totals;
  const share = target ? Math.min(100, Math.round((head / target) * 100)) : 0;
  const label = formatDate(day.productionDate, false);
  const cards = cardsOf(day.items);
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
          <div
            className={`planner-bar${head > target ? " is-over-target" : ""}`}
            role="meter"
            aria-label={`${label}: ${formatHead(head)} of a ${formatHead(target)} head target`}
            aria-valuemin={0}
            aria-valuemax={target}
            aria-valuenow={Math.min(head, target)}
          >
            <span className={pctClass(share)} />
          </div>
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
      <SortableContext items={cards.map(([i]) => `item:${i.id}`)} strategy={verticalListSortingStrategy}>
        <ol className="planner-items">
          {cards.map((card) =>
            card[0].boxedLotRef
              ? <BoxedLotCard key={card[0].id} items={card} day={day} disabled={disabled} />
              : <LotCard key={card[0].id} item={card[0]} disabled={disabled} />
          )}
        </ol>
      </SortableContext>
      {!day.items.length && <p className="planner-empty">Nothing planned</p>}
    </section>
  );
}

/** A card stays an item of its day's list (a list may hold only items); its role description says it moves. */
const LIST_ITEM = { role: "listitem" };

function LotCard({ item, disabled }: { item: Item; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `item:${item.id}`,
    disabled,
    attributes: LIST_ITEM,
  });
  const lot = lotOf(item);
  return (
    <li
      ref={setNodeRef}
      style={moveStyle(transform, transition)}
      className={`planner-card${isDragging ? " is-dragging" : ""}${
        item.isForDeliveryDisplay ? " is-expected" : ""
      }${item.moveRefusal ? " is-fixed" : ""}`}
      data-item={item.id}
      {...attributes}
      {...listeners}
      aria-label={`${item.killAgendaOrderNumber}. ${lot}, ${item.supplierName}, ${item.numberOfHead} head, ${item.status}`}
      aria-roledescription="lot"
      title={item.moveRefusal ?? undefined}
    >
      <span className="planner-card-top">
        <span className="planner-card-order">{item.killAgendaOrderNumber}</span>
        <strong className="planner-card-lot">{lot}</strong>
        {item.stockMobId !== null && !item.isLinkedNvd && (
          <span className="badge badge-warning nvd-missing" title="No NVD matched to this order">No NVD</span>
        )}
      </span>
      <span className="planner-card-detail">
        <strong>{formatHead(item.numberOfHead)}</strong> hd · {item.status}
      </span>
      <span className="planner-card-detail">{item.supplierName}</span>
    </li>
  );
}

/**
 * A boxed lot: several orders killed as one, one card moved whole. It names its orders and suppliers
 * with the head summed, and what of the lot is not on this day.
 */
function BoxedLotCard({ items, day, disabled }: { items: Item[]; day: Agenda; disabled: boolean }) {
  const [first] = items;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `item:${first.id}`,
    disabled,
    attributes: LIST_ITEM,
  });
  const ref = first.boxedLotRef!;
  const lot = day.boxedLots.find((l) => l.boxedLotRef === ref);
  const orders = lot?.livestockOrderIds ?? [...new Set(items.map((i) => i.livestockOrderId))];
  const suppliers = (lot?.suppliers ?? [...new Set(items.map((i) => i.supplierName))]).join(" + ");
  const head = items.reduce((n, i) => n + i.numberOfHead, 0);
  const refusal = items.find((i) => i.moveRefusal)?.moveRefusal;
  const noNvd = items.some((i) => i.stockMobId !== null && !i.isLinkedNvd);
  const status = [...new Set(items.map((i) => i.status))].join(", ");
  return (
    <li
      ref={setNodeRef}
      style={moveStyle(transform, transition)}
      className={`planner-card is-boxed${isDragging ? " is-dragging" : ""}${refusal ? " is-fixed" : ""}`}
      data-item={first.id}
      data-boxed-lot={ref}
      {...attributes}
      {...listeners}
      aria-label={`${first.killAgendaOrderNumber}. Boxed lot ${ref}: orders ${
        orders.join(", ")
      }, ${suppliers}, ${head} head, ${status}`}
      aria-roledescription="boxed lot"
      title={refusal ?? undefined}
    >
      <span className="planner-card-top">
        <span className="planner-card-order">{first.killAgendaOrderNumber}</span>
        <strong className="planner-card-lot">{ref}</strong>
        <span className="badge badge-info">Boxed</span>
        {noNvd && (
          <span className="badge badge-warning nvd-missing" title="An order of the lot has no NVD">
            No NVD
          </span>
        )}
      </span>
      <span className="planner-card-detail">
        <strong>{formatHead(head)}</strong> hd · {status}
      </span>
      <span className="planner-card-detail">Orders {orders.join(", ")}</span>
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
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id,
    disabled,
    attributes: LIST_ITEM,
  });
  return (
    <li
      ref={setNodeRef}
      style={moveStyle(transform)}
      className={`planner-card${isDragging ? " is-dragging" : ""}`}
      data-card={id}
      {...attributes}
      {...listeners}
      aria-roledescription="card to plan"
      aria-label={`${title}: ${detail}`}
    >
      <strong>{title}</strong>
      <span className="planner-card-detail">{detail}</span>
    </li>
  );
}
