/** @jsxRuntime classic */
/** @jsx React.createElement */
/** @jsxFrag React.Fragment */
// classic JSX (React.createElement): the page loads no react/jsx-runtime chunk, for its 95 KB budget
/**
 * The seven-day kill planner (spec 1 §2 killagenda/{focusDay}, §4 drop rules and optimistic changes).
 *
 * Seven days side by side, each a column of lots with its head against the day's target, beside the
 * unscheduled mobs and the undelivered orders. Drag a lot within a day (kill order) or to another day; drag
 * an unscheduled mob or an undelivered order onto a day. Everything also works from the keyboard: focus a
 * card, Space lifts it, the arrow keys move it (left and right between days), Space drops, Escape cancels;
 * screen readers hear each step. A drop the spec does not allow is refused with its reason before any call.
 * Each change shows at once and is saved; a failed or conflicting save (409) puts everything back and says
 * why. Other users' changes arrive through the push hub.
 */
import * as React from "react";
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { formatDate } from "../../kernel/format.ts";
import { insertGroup, moveGroup } from "../../server/areas/killAgenda/boardRules.ts";
import {
  type Agenda,
  boxedLotOf,
  cardLotOf,
  cardsOf,
  type Item,
  renumber,
  useLiveAgenda,
  useReads,
  type Week,
} from "./killAgenda/model.ts";
import { announcements } from "./killAgenda/announce.ts";
import { DayColumn, DraggableCard } from "./killAgenda/Columns.tsx";
import { plannerCollisions, plannerKeyboardCoordinates } from "./killAgenda/dnd.ts";

export interface KillAgendaPlannerProps {
  week: Week;
  urls: {
    getSevenDayAgenda: string;
    planReorder: string;
    swapDates: string;
    addUnscheduledMob: string;
    setDeliveryDates: string;
  };
  /** the day page of a date: `…?date={date}&species=…` */
  dayHref: string;
}

type Target = { date: string; index: number };

export default function KillAgendaPlanner({ week: initial, urls, dayHref }: KillAgendaPlannerProps) {
  const [week, setWeek] = React.useState(initial);
  const [busy, setBusy] = React.useState(false);
  const current = React.useRef(week);
  current.current = week;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: plannerKeyboardCoordinates }),
  );

  const { refresh, saving } = useReads(() => {
    const w = current.current;
    return api<Week>("GET", urls.getSevenDayAgenda, undefined, {
      query: { focusDay: w.focusDay, speciesId: w.speciesId, tenantSiteId: w.tenantSiteId || undefined },
      silent: true,
    });
  }, setWeek);
  useLiveAgenda(week.tenantSiteId, week.speciesId, week.days.map((d) => d.productionDate), refresh);

  /** Shows `optimistic` now, saves, then shows the server's days; a failure puts `before` back. */
  const change = (optimistic: Week, url: string, body: unknown, success: string, reread = false) =>
    saving(async () => {
      const before = current.current;
      setWeek(optimistic);
      setBusy(true);
      try {
        const { agendas } = await api<{ agendas: Agenda[] }>("POST", url, body);
        setWeek((w) => ({ ...w, days: w.days.map((d) => agendas.find((a) => a.id === d.id) ?? d) }));
        toast("success", success);
        if (reread) void refresh();
      } catch {
        setWeek(before); // the api client has toasted why; the change is undone
        void refresh();
      } finally {
        setBusy(false);
      }
    });

  const dayOfItem = (id: number) => week.days.find((d) => d.items.some((i) => i.id === id));
  /** Where a drop on a droppable (`day:{date}`, `item:{id}`) goes: before that lot, or last on the day. */
  const targetOf = (overId: string): Target | null => {
    const [kind, key] = overId.split(":");
    const day = kind === "day" ? week.days.find((d) => d.productionDate === key) : dayOfItem(Number(key));
    if (!day) return null;
    const index = kind === "day" ? day.items.length : day.items.findIndex((i) => i.id === Number(key));
    return { date: day.productionDate, index };
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const to = over ? targetOf(String(over.id)) : null;
    if (!to || busy) return;
    const [kind, key] = String(active.id).split(":");
    const id = Number(key);
    if (kind === "item") return void moveItem(id, to);
    if (kind === "mob") return void addMob(id, to);
    if (kind === "order") return void deliverOn(id, to.date);
  };

  /** A card dropped: an item alone, or a boxed lot whose items all move together. */
  const moveItem = (itemId: number, to: Target) => {
    const from = dayOfItem(itemId);
    if (!from) return;
    const at = from.items.findIndex((i) => i.id === itemId);
    const item = from.items[at];
    const moving = item.boxedLotRef ? from.items.filter((i) => i.boxedLotRef === item.boxedLotRef) : [item];
    const target = week.days.find((d) => d.productionDate === to.date)!;
    const sameDay = from.id === target.id;
    const reordered = sameDay ? moveGroup(from.items, boxedLotOf, at, to.index) : [];
    // dropped where it already is (below its own day's lots: it is last already), nothing moves
    if (sameDay && reordered.every((i, k) => i.id === from.items[k].id)) return;
    const refusal = moving.find((i) => i.moveRefusal)?.moveRefusal;
    if (!sameDay && refusal) return void toast("warning", refusal);
    const gone = new Set(moving.map((i) => i.id));
    const optimistic = {
      ...week,
      days: week.days.map((d) => {
        if (sameDay && d.id === from.id) return withItems(d, reordered);
        if (d.id === from.id) return withItems(d, d.items.filter((i) => !gone.has(i.id)));
        if (d.id === target.id) return withItems(d, insertGroup(d.items, boxedLotOf, moving, to.index));
        return d;
      }),
    };
    void change(
      optimistic,
      urls.planReorder,
      {
        itemId,
        fromLastModified: from.lastModified,
        toDate: to.date,
        toIndex: to.index,
        toLastModified: target.lastModified,
      },
      sameDay ? "Kill order saved." : `${cardLotOf(item)} moved to ${formatDate(to.date, false)}.`,
    );
  };

  const addMob = (stockMobId: number, to: Target) => {
    const mob = week.unscheduled.mobs.find((m) => m.stockMobId === stockMobId);
    if (!mob) return;
    const optimistic = {
      ...week,
      unscheduled: { ...week.unscheduled, mobs: week.unscheduled.mobs.filter((m) => m !== mob) },
    };
    void change(
      optimistic,
      urls.addUnscheduledMob,
      {
        stockMobId,
        lastModified: mob.lastModified,
        productionDate: to.date,
        toIndex: to.index,
      },
      `${mob.agendaLotReference} planned for ${formatDate(to.date, false)}.`,
      true,
    );
  };

  const deliverOn = (livestockOrderId: number, date: string) => {
    const order = week.undelivered.orders.find((o) => o.livestockOrderId === livestockOrderId);
    if (!order) return;
    const optimistic = {
      ...week,
      undelivered: { ...week.undelivered, orders: week.undelivered.orders.filter((o) => o !== order) },
    };
    void change(
      optimistic,
      urls.setDeliveryDates,
      {
        orders: [{ livestockOrderId, lastModified: order.lastModified }],
        deliveryDate: date,
        productionDate: date,
      },
      `Order ${livestockOrderId} now arrives and is killed ${formatDate(date, false)}.`,
      true,
    );
  };

  const swap = (first: Agenda, secondDate: string) => {
    const second = week.days.find((d) => d.productionDate === secondDate);
    if (!second) return;
    const question = `Swap everything planned on ${formatDate(first.productionDate, false)} with ${
      formatDate(secondDate, false)
    }?`;
    if (!globalThis.confirm(question)) return;
    const optimistic = {
      ...week,
      days: week.days.map((d) =>
        d.id === first.id ? withItems(d, second.items) : d.id === second.id ? withItems(d, first.items) : d
      ),
    };
    void change(optimistic, urls.swapDates, {
      speciesId: week.speciesId,
      tenantSiteId: week.tenantSiteId,
      firstDate: first.productionDate,
      secondDate,
      firstLastModified: first.lastModified,
      secondLastModified: second.lastModified,
    }, "Days swapped.");
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={plannerCollisions}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements((id) => cardName(week, String(id)), (id) => placeName(week, String(id))),
      }}
    >
      <div className="planner" aria-busy={busy}>
        <div className="planner-days">
          {week.days.map((day) => (
            <DayColumn
              key={day.id}
              day={day}
              today={week.today}
              dayHref={dayHref.replace("{date}", day.productionDate)}
              otherDates={week.days.map((d) => d.productionDate).filter((d) => d !== day.productionDate)}
              onSwap={(date) => swap(day, date)}
              disabled={busy}
            />
          ))}
        </div>
        <aside className="planner-side" aria-label="Not planned yet">
          <section aria-labelledby="unscheduled-title">
            <h3 id="unscheduled-title">
              Unscheduled mobs <span className="badge badge-muted">{week.unscheduled.totalRecords}</span>
            </h3>
            {week.unscheduled.mobs.length
              ? (
                <ul className="planner-list">
                  {week.unscheduled.mobs.map((m) => (
                    <DraggableCard
                      key={m.stockMobId}
                      id={`mob:${m.stockMobId}`}
                      title={m.agendaLotReference}
                      detail={`${m.supplierName} · ${m.head} head · ${m.status}${
                        m.applicableProductionDate
                          ? ` · was ${formatDate(m.applicableProductionDate, false)}`
                          : ""
                      }`}
                      disabled={busy}
                    />
                  ))}
                </ul>
              )
              : <p className="muted">Every mob has a day.</p>}
          </section>
          <section aria-labelledby="undelivered-title">
            <h3 id="undelivered-title">
              Undelivered orders <span className="badge badge-muted">{week.undelivered.totalRecords}</span>
            </h3>
            {week.undelivered.orders.length
              ? (
                <ul className="planner-list">
                  {week.undelivered.orders.map((o) => (
                    <DraggableCard
                      key={o.livestockOrderId}
                      id={`order:${o.livestockOrderId}`}
                      title={`Order ${o.livestockOrderId}`}
                      detail={`${o.supplierName} · ${o.head} head · due ${formatDate(o.deliveryDate, false)}`}
                      disabled={busy}
                    />
                  ))}
                </ul>
              )
              : <p className="muted">Every order due has arrived.</p>}
            <p className="hint">Drop an order on a day to set its delivery and kill day.</p>
          </section>
        </aside>
      </div>
    </DndContext>
  );
}

const withItems = (day: Agenda, items: readonly Item[]): Agenda => {
  const head = items.reduce((n, i) => n + i.numberOfHead, 0);
  const estimatedCarcasses = items.reduce((n, i) => n + i.estimatedCarcasses, 0);
  return {
    ...day,
    items: renumber(items),
    totals: { ...day.totals, head, estimatedCarcasses, difference: head - day.totals.target },
  };
};

/** What is dragged, in words: "B2411-03", "Order 41" or an unscheduled mob's lot. */
function cardName(week: Week, id: string): string {
  const [kind, key] = id.split(":");
  if (kind === "order") return `Order ${key}`;
  if (kind === "mob") {
    return week.unscheduled.mobs.find((m) => m.stockMobId === Number(key))?.agendaLotReference ?? "the mob";
  }
  const item = week.days.flatMap((d) => d.items).find((i) => i.id === Number(key));
  return item ? cardLotOf(item) : "the lot";
}

/** A drop target in words: "Tue 24 Nov, place 3" or "Tue 24 Nov". */
function placeName(week: Week, id: string): string {
  const [kind, key] = id.split(":");
  if (kind === "day") return formatDate(key, false);
  const day = week.days.find((d) => d.items.some((i) => i.id === Number(key)));
  if (!day) return "the list";
  return `${formatDate(day.productionDate, false)}, place ${
    cardsOf(day.items).findIndex(([i]) => i.id === Number(key)) + 1
  }`;
}
