/**
 * Reserve pens (spec 1 §2 stockyard/reservepens/{id}, id = livestock order): the order's yard drawn as
 * on the yard screen; pick pens on it (pointer or keyboard) and reserve or unreserve them for the
 * order. Pens that cannot take the order (spec 1 §5) are greyed. The YardBoard island in reserve mode.
 */
import { z } from "zod";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { canSeeRouteNamed } from "../../../access/policy.ts";
import { href } from "../../../access/routes.ts";
import { ApiError } from "../../../http/errors.ts";
import { idNumber } from "../../../http/params.ts";
import { YardBoard } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { orderDetail } from "../../livestock/orders/queries.ts";
import { setups as yardSetups, yardView } from "../queries.ts";
import { mapUrlOf, YARD_URLS, yardLinks } from "./Yard.tsx";

export const StockyardReservePensScreen = defineScreen({
  validateSearch: z.object({ yard: idNumber().optional() }),
  loader: async ({ context, params, search }) => {
    const orderId = Number(params.id);
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw ApiError.notFound("That order does not exist.");
    const ctx = await pageAreaContext(context);
    const [order, setups] = await Promise.all([orderDetail(ctx, orderId), yardSetups(ctx)]);
    // the order's yard: of its site, taking its species (any-species yards take all), operational first
    const fitting = setups.filter((y) =>
      (order.tenantSiteId === null || y.tenantSiteId === order.tenantSiteId) &&
      (y.isAnySpeciesYard || y.speciesId === null || y.speciesId === order.speciesId)
    ).sort((a, b) => Number(b.isOperational) - Number(a.isOperational));
    const yardId = search.yard ?? fitting[0]?.id;
    if (yardId === undefined) throw ApiError.notFound("No yard of this order's site takes its species.");
    const view = await yardView(ctx, yardId);
    const self = href("stockyardReservePens", { id: orderId });
    const links = yardLinks(context, self);
    return {
      order: {
        id: order.id,
        lot: order.agendaLotReference,
        supplierName: order.supplierName,
        stock: `${order.species} ${order.speciesCategory}`.trim(),
        head: order.liveDelivered || order.quantityOrdered,
        deliveryDate: order.deliveryDate,
        status: order.orderStatusName,
      },
      view: { ...view, yards: view.yards.filter((y) => fitting.some((f) => f.id === y.id)) },
      links,
      canOpenOrder: canSeeRouteNamed(context.caller!.subject, "order"),
    };
  },
  component: ({ data }) => {
    const { order } = data;
    const label = `${order.lot ? `Lot ${order.lot}` : `Order ${order.id}`} · ${order.supplierName}`;
    return (
      <>
        <section className="panel" aria-label="Order">
          <div className="panel-head">
            <h2>Reserve pens for {label}</h2>
            {data.canOpenOrder && (
              <a className="btn" href={href("order", { id: order.id })}>Open the order</a>
            )}
          </div>
          <Facts
            items={[
              ["Stock", order.stock || "—"],
              ["Head", formatHead(order.head)],
              ["Delivery", formatDate(order.deliveryDate)],
              ["Status", order.status],
            ]}
          />
        </section>
        <section className="panel yard-panel" aria-label={data.view.yard.name}>
          <YardBoard
            view={data.view}
            urls={YARD_URLS}
            mapUrl={mapUrlOf(data.view.yard)}
            links={data.links}
            reserve={{
              livestockOrderId: order.id,
              label,
              backHref: `${href("stockyard")}?yard=${data.view.yard.id}`,
            }}
          />
        </section>
      </>
    );
  },
});
