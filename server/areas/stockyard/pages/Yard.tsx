/**
 * The live yard (spec 1 §2 stockyard, /home/stockyard?yard=<id>): the yard drawn from its pen layout
 * with each pen's head, lot, supplier, status and checks, the yard switcher, the loads waiting to be
 * unloaded and arriving from another yard, and the unfit bin. The YardBoard island draws the same
 * SVG on the server and makes it interactive (pick or drag a mob onto a pen, the side panel's actions,
 * live updates). It prints as the drawing alone.
 */
import { z } from "zod";
import { canSeeRouteNamed } from "../../../access/policy.ts";
import { href } from "../../../access/routes.ts";
import { idNumber } from "../../../http/params.ts";
import { YardBoard } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import type { PageContext } from "../../../pages/context.ts";
import { pageAreaContext } from "../../context.ts";
import { MAP_IMAGE_API } from "../mapImages/api.ts";
import { STOCKYARD_API } from "../api.ts";
import { yardView } from "../queries.ts";
import { formatDate } from "../../../../kernel/format.ts";

/** Whether the caller may listen to the orders' delivery events (the hub's `Deliveries` group). */
export const hearsDeliveries = (context: PageContext) => {
  const subject = context.caller!.subject;
  return subject.roleLevel === "super" || subject.modules.includes("livestock");
};

/** The API paths the yard island calls (one spelling: STOCKYARD_API). */
export const YARD_URLS = {
  refresh: STOCKYARD_API.refresh,
  unloadDeliveryToPen: STOCKYARD_API.unloadDeliveryToPen,
  moveOrMergeMobs: STOCKYARD_API.moveOrMergeMobs,
  undoYardMove: STOCKYARD_API.undoYardMove,
  updateMobInPen: STOCKYARD_API.updateMobInPen,
  markPenPendingKill: STOCKYARD_API.markPenPendingKill,
  reservePens: STOCKYARD_API.reservePens,
  unreservePens: STOCKYARD_API.unreservePens,
  sendToKillFloor: STOCKYARD_API.sendToKillFloor,
  sendToUnfit: STOCKYARD_API.sendToUnfit,
  emptyBin: STOCKYARD_API.emptyBin,
  moveBetweenYards: STOCKYARD_API.moveBetweenYards,
  carryOverLivestock: STOCKYARD_API.carryOverLivestock,
  progressDelivery: STOCKYARD_API.progressDelivery,
  waitForAiHeadCount: STOCKYARD_API.waitForAiHeadCount,
  cancelAiHeadCount: STOCKYARD_API.cancelAiHeadCount,
};

/** The links the yard island shows: another yard, an order's reserve-pens screen, a mob's history. */
export function yardLinks(context: PageContext, yardRoute: string) {
  const subject = context.caller!.subject;
  return {
    yard: `${yardRoute}?yard={id}`,
    reservePens: href("stockyardReservePens", { id: "{id}" }),
    mob: canSeeRouteNamed(subject, "managementMob") ? href("managementMob", { mobId: "{id}" }) : undefined,
  };
}

export const mapUrlOf = (yard: { id: number; hasMapImage: boolean }) =>
  yard.hasMapImage ? `${MAP_IMAGE_API.downloadMapImage}/${yard.id}` : null;

export const StockyardScreen = defineScreen({
  kept: true,
  validateSearch: z.object({ yard: idNumber().optional() }),
  loader: async ({ context, search }) => {
    return {
      view: await yardView(await pageAreaContext(context), search.yard),
      links: yardLinks(context, href("stockyard")),
      deliveries: hearsDeliveries(context),
    };
  },
  component: ({ data }) => (
    <section className="panel yard-panel" aria-label={data.view.yard.name}>
      <h2 className="print-only">
        {data.view.yard.name} · {formatDate(data.view.today)}
      </h2>
      <YardBoard
        view={data.view}
        urls={YARD_URLS}
        mapUrl={mapUrlOf(data.view.yard)}
        links={data.links}
        deliveries={data.deliveries}
      />
    </section>
  ),
});
