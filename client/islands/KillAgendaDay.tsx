/**
 * The day's kill agenda (spec 1 §2 killagenda, §4 optimistic changes): the lots in kill order with the
 * running head against the day's target.
 *
 * - Reorder by dragging a row's handle, or with the keyboard: focus the handle, Space lifts, arrows move,
 *   Space drops, Escape cancels (dnd-kit's keyboard sensor; screen readers hear each step). The new order
 *   shows at once and is saved; when the save fails or answers 409 the old order comes back with an error.
 * - The kill floor, sending the day to the plant's systems (killAgenda/SendToPlant.tsx: what changed since
 *   sent, what is not ready), and per lot: correct head, recall to the yard.
 * - Live: another user's change to this day is re-read (push).
 */
import { useRef, useState } from "react";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { formatDate, formatHead } from "../../kernel/format.ts";
import { formatCarcasses, moveGroup } from "../../server/areas/killAgenda/boardRules.ts";
import {
  type Agenda,
  boxedLotOf,
  cardLotOf,
  type Item,
  lotOf,
  renumber,
  useLiveAgenda,
  useReads,
} from "./killAgenda/model.ts";
import { ItemAction, type ItemActionKind } from "./killAgenda/ItemAction.tsx";
import { announcements } from "./killAgenda/announce.ts";
import { SendToPlant } from "./killAgenda/SendToPlant.tsx";

export interface KillAgendaDayProps {
  agenda: Agenda;
  floors: { id: number; name: string }[];
  urls: {
    getKillAgenda: string;
    reorder: string;
    setSiteLocation: string;
    sendToPlant: string;
    sendToPlantCheck: string;
    recallMob: string;
    correctHead: string;
  };
}

const AT_KILL_FLOOR = 40;

const lotName = (items: readonly Item[], id: string | number) => {
  const item = items.find((i) => i.id === Number(id));
  return item ? cardLotOf(item) : "the lot";
};

export default function KillAgendaDay({ agenda: initial, floors, urls }: KillAgendaDayProps) {
  const [agenda, setAgenda] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [action, setAction] = useState<{ item: Item; kind: ItemActionKind } | null>(null);
  const current = useRef(agenda);
  current.current = agenda;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const { refresh, saving } = useReads(() => {
    const a = current.current;
    return api<Agenda>("GET", urls.getKillAgenda, undefined, {
      query: { date: a.productionDate, speciesId: a.speciesId, tenantSiteId: a.tenantSiteId || undefined },
      silent: true,
    });
  }, setAgenda);
  useLiveAgenda(agenda.tenantSiteId, agenda.speciesId, [agenda.productionDate], refresh, true);

  /**
   * Shows `optimistic` (if any) and posts a change; the answer replaces the day, a failure rolls back to
   * `before` and re-reads.
   */
  const save = (url: string, body: unknown, success: string, before = current.current, optimistic?: Agenda) =>
    saving(async () => {
      if (optimistic) setAgenda(optimistic);
      setBusy(true);
      try {
        const answer = await api<{ agendas: Agenda[] }>("POST", url, body);
        const mine = answer.agendas.find((a) => a.id === before.id);
        if (mine) setAgenda(mine);
        toast("success", success);
        return true;
      } catch {
        setAgenda(before); // the api client has toasted why
        void refresh();
        return false;
      } finally {
        setBusy(false);
      }
    });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = current.current;
    const ids = before.items.map((i) => i.id);
    // a boxed lot moves whole: its rows stay together
    const moved = moveGroup(
      before.items,
      boxedLotOf,
      ids.indexOf(Number(active.id)),
      ids.indexOf(Number(over.id)),
    );
    if (moved.every((i, k) => i.id === ids[k])) return;
    void save(
      urls.reorder,
      {
        killAgendaId: before.id,
        lastModified: before.lastModified,
        itemIds: moved.map((i) => i.id),
      },
      "Kill order saved.",
      before,
      { ...before, items: renumber(moved) },
    );
  };

  let running = 0;
  let targetShown = false;
  const { totals } = agenda;
  return (
    <div className="agenda-day" aria-busy={busy}>
      <div className="agenda-bar no-print">
        <label className="agenda-floor">
          Kill floor{" "}
          <select
            className="input"
            value={agenda.siteLocationId ?? ""}
            disabled={busy || !floors.length}
            onChange={(e) =>
              void save(urls.setSiteLocation, {
                killAgendaId: agenda.id,
                lastModified: agenda.lastModified,
                siteLocationId: Number(e.target.value),
              }, "Kill floor saved.")}
          >
            {!agenda.siteLocationId && <option value="">Choose…</option>}
            {floors.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
          </select>
        </label>
        <SendToPlant
          agenda={agenda}
          busy={busy}
          urls={urls}
          send={(url, body, success) => save(url, body, success)}
        />
      </div>
      {action && (
        <ItemAction
          {...action}
          busy={busy}
          onCancel={() => setAction(null)}
          onSubmit={async (values) => {
            const ok = action.kind === "recall"
              ? await save(urls.recallMob, {
                stockMobId: action.item.stockMobId,
                lastModified: action.item.lastModified,
                reason: values.reason,
              }, `${lotOf(action.item)} is on its way back to the yard.`)
              : await save(urls.correctHead, {
                itemId: action.item.id,
                lastModified: agenda.lastModified,
                head: values.head,
                reason: values.reason,
              }, `Head of ${lotOf(action.item)} corrected.`);
            if (ok) setAction(null);
          }}
        />
      )}
      {agenda.items.length
        ? (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements: announcements(
                (id) => lotName(agenda.items, id),
                (id) =>
                  `place ${agenda.items.findIndex((i) => i.id === Number(id)) + 1} of ${agenda.items.length}`,
              ),
            }}
          >
            <div className="table-wrap">
              <table className="table table-compact agenda-table">
                <caption className="sr-only">
                  Lots in kill order. To move a lot, focus its handle, press Space, use the arrow keys and
                  press Space again.
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="no-print">
                      <span className="sr-only">Move</span>
                    </th>
                    <th scope="col" className="num">#</th>
                    <th scope="col">Lot</th>
                    <th scope="col">Supplier</th>
                    <th scope="col" className="col-pic">PIC</th>
                    <th scope="col" className="num">Head</th>
                    <th scope="col" className="num">
                      <abbr title="Estimated carcasses">Est. carc.</abbr>
                    </th>
                    <th scope="col" className="num">Running</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="col-pens">Pens</th>
                    <th scope="col" className="col-delivered">Delivered</th>
                    <th scope="col" className="no-print">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <SortableContext items={agenda.items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
                  <tbody>
                    {agenda.items.map((item, k) => {
                      running += item.numberOfHead;
                      const lot = item.boxedLotRef
                        ? agenda.boxedLots.find((l) => l.boxedLotRef === item.boxedLotRef)
                        : undefined;
                      // a boxed lot is lifted by its first row: the lot moves whole
                      const lotFirst = !item.boxedLotRef ||
                        agenda.items[k - 1]?.boxedLotRef !== item.boxedLotRef;
                      const reached = totals.target > 0 && !targetShown && running >= totals.target;
                      if (reached) targetShown = true;
                      return (
                        <Row
                          key={item.id}
                          item={item}
                          running={running}
                          reachedTarget={reached ? totals.target : 0}
                          lot={lot}
                          lotFirst={lotFirst}
                          disabled={busy}
                          onAction={(kind) => setAction({ item, kind })}
                        />
                      );
                    })}
                  </tbody>
                </SortableContext>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={5}>Day total ({agenda.items.length} lots)</th>
                    <td className="num">{formatHead(totals.head)}</td>
                    <td className="num">{formatCarcasses(totals.estimatedCarcasses)}</td>
                    <td className="num" colSpan={2}>
                      {totals.target
                        ? `Target ${formatHead(totals.target)} · ${totals.difference >= 0 ? "+" : "−"}${
                          formatHead(Math.abs(totals.difference))
                        }`
                        : "No target set"}
                    </td>
                    <td colSpan={3}></td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </DndContext>
        )
        : <p className="empty">Nothing is planned for {formatDate(agenda.productionDate)}.</p>}
    </div>
  );
}

function Row({ item, running, reachedTarget, lot: boxed, lotFirst, disabled, onAction }: {
  item: Item;
  running: number;
  reachedTarget: number;
  lot: Agenda["boxedLots"][number] | undefined;
  lotFirst: boolean;
  disabled: boolean;
  onAction: (kind: ItemActionKind) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  const style = transform
    ? { transform: `translate3d(0, ${Math.round(transform.y)}px, 0)`, transition }
    : undefined;
  const lot = lotOf(item);
  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={`${isDragging ? "is-dragging " : ""}${reachedTarget ? "target-line " : ""}${
        boxed ? "is-boxed" : ""
      }`}
      data-item={item.id}
    >
      <td className="no-print">
        {lotFirst && (
          <button
            type="button"
            className="drag-handle"
            aria-label={`Move ${boxed ? `boxed lot ${boxed.boxedLotRef}` : lot}`}
            {...attributes}
            {...listeners}
          >
            ⠿
          </button>
        )}
      </td>
      <td className="num">{item.killAgendaOrderNumber}</td>
      <td>
        <strong>{lot}</strong>
        {item.isMsaEligible && <span className="badge badge-info" title="MSA eligible">MSA</span>}
        {item.isPartiallyDelivered && <span className="badge badge-warning">Part delivered</span>}
        {boxed && (
          <span
            className="badge badge-info"
            title={`Boxed lot ${boxed.boxedLotRef}: orders ${boxed.livestockOrderIds.join(", ")} (${
              boxed.suppliers.join(" + ")
            }), ${formatHead(boxed.head)} head, killed as one`}
          >
            {boxed.boxedLotRef}
          </span>
        )}
        {boxed && lotFirst && boxed.missing.map((m) => <span key={m} className="agenda-missing">{m}</span>)}
        {item.stockMobId !== null && !item.isLinkedNvd && (
          <span className="badge badge-warning nvd-missing" title="No NVD matched to this order">No NVD</span>
        )}
      </td>
      <td>{item.supplierName}</td>
      <td className="col-pic">{item.pic}</td>
      <td className="num">{formatHead(item.numberOfHead)}</td>
      <td className="num">{formatCarcasses(item.estimatedCarcasses)}</td>
      <td
        className="num"
        title={reachedTarget ? `Target of ${formatHead(reachedTarget)} head reached` : undefined}
      >
        {formatHead(running)}
      </td>
      <td>{item.status}</td>
      <td className="col-pens">{item.pens.join(", ") || "—"}</td>
      <td className="col-delivered">{formatDate(item.deliveryDate, false)}</td>
      <td className="no-print">
        <span className="row-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled}
            onClick={() => onAction("head")}
            aria-label={`Correct head of ${lotOf(item)}`}
          >
            Correct head
          </button>
          {item.mobStatusNumber === AT_KILL_FLOOR && (
            <button
              type="button"
              className="btn btn-small"
              disabled={disabled}
              onClick={() => onAction("recall")}
            >
              Recall…
            </button>
          )}
        </span>
      </td>
    </tr>
  );
}
