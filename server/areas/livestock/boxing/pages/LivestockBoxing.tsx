/**
 * Livestock › Livestock Boxing (/home/livestock/livestockBoxing, module livestockBoxing): a delivery day's
 * delivered orders of one species; choose two or more and box them into one lot (or add them to a lot
 * already made); see the lots with each order's share of the head; unbox a lot (or take one order out)
 * before the kill. Server rendered; the chooser and the buttons are islands that start when reached for.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { headerSpeciesAmong } from "../../../../pages/ListScope.tsx";
import { ActionButton, BoxingPicker } from "../../../../pages/islands.tsx";
import { LiveStatus } from "../../../../pages/LiveStatus.tsx";
import { dayHref, DayToolbar } from "../../../../pages/DayFilter.tsx";
import { pageAreaContext } from "../../../context.ts";
import { addDays } from "../../../../../kernel/dates.ts";
import { orderStatusText } from "../../../../../kernel/enums.ts";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { BOXING_API } from "../api.ts";
import { boxingOfDay } from "../operations.ts";
import type { BoxedLot } from "../schemas.ts";

const Search = z.object({ date: isoDate.optional(), species: idNumber().optional() });

const PATH = "/home/livestock/livestockBoxing";

function DayForm({ date, speciesId, species }: {
  date: string;
  speciesId: number | null;
  species: readonly { id: number; name: string }[];
}) {
  const step = (days: number) =>
    `${PATH}?date=${addDays(date, days)}${speciesId ? `&species=${speciesId}` : ""}`;
  return (
    <DayToolbar
      path={PATH}
      date={date}
      dayLabel="Delivery day"
      step={step}
      formLabel="Day and species"
      autosubmit={false}
    >
      {species.length > 1 && (
        <label>
          <span className="sr-only">Species</span>
          <select className="input select" name="species" defaultValue={speciesId ?? ""}>
            {species.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      )}
    </DayToolbar>
  );
}

/** "Kill agenda: Tue 1 Dec, lot 4 of 12", the day linking to its agenda page (when the caller may open it). */
function AgendaPlace({ lot, agendaPath }: { lot: BoxedLot; agendaPath: string | null }) {
  const place = lot.agendaPlace;
  // a killed lot off every agenda is not waiting for one
  const none = `Not on a kill agenda${lot.isKilled ? "" : " yet"}.`;
  if (!place) return <p className="boxing-agenda muted">{none}</p>;
  const day = formatDate(place.date, false);
  return (
    <p className="boxing-agenda">
      Kill agenda: {agendaPath
        ? (
          <a href={dayHref(agendaPath, place)} aria-label={`Kill agenda of ${formatDate(place.date)}`}>
            {day}
          </a>
        )
        : day}
      {`, lot ${place.position} of ${place.lotsOnDay}`}
    </p>
  );
}

function LotPanel({ lot, orderHref, agendaPath }: {
  lot: BoxedLot;
  orderHref: (id: number) => string | null;
  agendaPath: string | null;
}) {
  const stamped = (ids: number[]) =>
    lot.orders.filter((o) => ids.includes(o.livestockOrderId))
      .map((o) => ({ livestockOrderId: o.livestockOrderId, lastModified: o.lastModified }));
  const all = lot.orders.map((o) => o.livestockOrderId);
  return (
    <section className="panel boxing-lot" aria-label={`Lot ${lot.boxedLotRef}`}>
      <div className="panel-head">
        <h3>
          Lot {lot.boxedLotRef} · {formatHead(lot.liveHead)} head alive
          {lot.isKilled ? ` · ${formatHead(lot.carcasses)} carcasses` : ""}
        </h3>
        {!lot.isKilled && (
          <ActionButton
            label="Unbox lot"
            url={BOXING_API.update}
            body={{ boxed: false, orders: stamped(all) }}
            variant="danger"
            confirm={`Unbox lot ${lot.boxedLotRef}? Its ${all.length} orders are killed and invoiced apart again.`}
            successToast={`Lot ${lot.boxedLotRef} was unboxed.`}
          />
        )}
      </div>
      <AgendaPlace lot={lot} agendaPath={agendaPath} />
      <Table
        rows={lot.orders}
        rowKey={(o) => o.livestockOrderId}
        empty="No orders."
        columns={[
          {
            header: "Order",
            cell: (o) => {
              const link = orderHref(o.livestockOrderId);
              return link ? <a href={link}>{o.livestockOrderId}</a> : o.livestockOrderId;
            },
          },
          { header: "Supplier", cell: (o) => o.supplierName },
          { header: "Alive", cell: (o) => formatHead(o.liveHead) },
          { header: lot.isKilled ? "Carcasses shared" : "Share", cell: (o) => formatHead(o.shareHead) },
          { header: "Status", cell: (o) => orderStatusText(o.orderStatusName) },
          {
            header: "Action",
            cell: (o) =>
              lot.isKilled ? "—" : (
                <ActionButton
                  label="Take out"
                  url={BOXING_API.update}
                  body={{ boxed: false, orders: stamped([o.livestockOrderId]) }}
                  variant="ghost"
                  confirm={`Take order ${o.livestockOrderId} (${o.supplierName}) out of lot ${lot.boxedLotRef}?`}
                  successToast={`Order ${o.livestockOrderId} was taken out of lot ${lot.boxedLotRef}.`}
                />
              ),
          },
        ]}
      />
      <p className="muted small">
        {lot.isKilled
          ? "Killed: the lot's carcasses are shared to each supplier's invoice by live head, heaviest first in turn, so every share has the lot's spread of weights and grades. It can no longer be unboxed."
          : "Each supplier's invoice will get its share of the lot's carcasses by live head (delivered less DOA)."}
      </p>
    </section>
  );
}

const BOXING_ID = "boxing-day";

export const LivestockBoxingScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const species = context.caller!.species;
    const speciesId = species.find((s) => s.id === search.species)?.id ??
      headerSpeciesAmong(context, species)?.id;
    const boxing = await boxingOfDay(ctx, { date: search.date, speciesId });
    return {
      boxing,
      species,
      canOpenOrders: canSeeRouteNamed(context.caller!.subject, "order"),
      canOpenAgenda: canSeeRouteNamed(context.caller!.subject, "killagenda"),
      // a box or unbox in another window is an order change (deliveryStatusUpdated): the page re-reads
      liveGroups: context.caller!.subject.modules.includes("livestock") ? ["Deliveries"] : [],
    };
  },
  component: ({ data }) => {
    const { boxing } = data;
    const orderHref = (id: number) => data.canOpenOrders ? href("order", { id }) : null;
    return (
      <>
        {data.liveGroups.length > 0 && <LiveStatus groups={data.liveGroups} date="" target={BOXING_ID} />}
        <div id={BOXING_ID}>
          <section className="panel" aria-labelledby="boxing-title">
            <div className="panel-head">
              <h2 id="boxing-title">
                Livestock boxing{boxing.species ? ` · ${boxing.species}` : ""} · delivered{" "}
                {formatDate(boxing.date)}
              </h2>
            </div>
            <DayForm date={boxing.date} speciesId={boxing.speciesId} species={data.species} />
            <p className="muted small">
              Box small consignments of one species delivered the same day to yard and kill them as one lot.
              Each supplier is still paid on their own invoice for their share of the lot's carcasses.
            </p>
            {boxing.candidates.length
              ? (
                <BoxingPicker
                  orders={boxing.candidates.map((o) => ({
                    id: o.livestockOrderId,
                    supplierName: o.supplierName,
                    pic: o.pic,
                    liveHead: o.liveHead,
                    status: orderStatusText(o.orderStatusName),
                    lastModified: o.lastModified,
                  }))}
                  lots={boxing.lots.filter((l) => !l.isKilled)
                    .map((l) => ({ ref: l.boxedLotRef, orderId: l.boxedOrderCollectionId }))}
                  urls={{ update: BOXING_API.update, boxInto: BOXING_API.boxInto }}
                />
              )
              : (
                <p className="muted">
                  No delivered order of this day can be boxed (not yet killed and not in a lot).
                </p>
              )}
          </section>
          <section className="panel" aria-labelledby="boxing-lots">
            <h2 id="boxing-lots">Boxed lots</h2>
            {boxing.lots.length
              ? boxing.lots.map((lot) => (
                <LotPanel
                  key={lot.boxedOrderCollectionId}
                  lot={lot}
                  orderHref={orderHref}
                  agendaPath={data.canOpenAgenda ? href("killagenda") : null}
                />
              ))
              : <p className="muted">No lot is boxed for this day.</p>}
          </section>
        </div>
      </>
    );
  },
});
