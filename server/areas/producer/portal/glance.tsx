/**
 * The home's glance at one processor link (issue 44 §3): the next deliveries booked (orders scope) and the
 * latest remittance (remittances scope), each linking to its full list; a scope not shared shows nothing.
 */
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { formatCents } from "../../../../kernel/money.ts";
import type { AreaContext } from "../../context.ts";
import type { LinkedOrder, LinkedRemittance } from "../door.ts";
import { linkedOrders, linkedRemittances } from "./dealings.ts";
import { readOrProblem } from "./linkChoice.tsx";
import { PORTAL_PATHS } from "./paths.ts";
import { speciesWord } from "./rules.ts";

const NEXT_DELIVERIES = 3;

export interface Glance {
  next: LinkedOrder[] | null;
  latestRemittance: LinkedRemittance | null;
}

export async function glanceOf(ctx: AreaContext, link: { id: number; scopes: readonly string[] }) {
  const orders = link.scopes.includes("orders")
    ? await readOrProblem(() => linkedOrders(ctx, { linkId: link.id }))
    : null;
  const remittances = link.scopes.includes("remittances")
    ? await readOrProblem(() => linkedRemittances(ctx, { linkId: link.id }))
    : null;
  const booked = orders && "got" in orders
    ? orders.got.rows.filter((o) =>
      o.deliveryDate >= ctx.today && o.orderStatus > ORDER_STATUS.Cancelled &&
      o.orderStatus < ORDER_STATUS.Delivered
    ).reverse().slice(0, NEXT_DELIVERIES)
    : null;
  return {
    next: booked,
    latestRemittance: remittances && "got" in remittances ? remittances.got.rows[0] ?? null : null,
  } satisfies Glance;
}

export function LinkGlance({ linkId, glance }: { linkId: number; glance: Glance | undefined }) {
  if (!glance || (glance.next === null && !glance.latestRemittance)) return null;
  const r = glance.latestRemittance;
  return (
    <div className="producer-glance">
      {glance.next !== null && (
        <p>
          <strong>Next deliveries:</strong> {glance.next.length
            ? glance.next.map((o) =>
              `${formatDate(o.deliveryDate)}, ${formatHead(o.head)} ${speciesWord(o.speciesId).toLowerCase()}`
            ).join("; ")
            : "none booked"} <a href={PORTAL_PATHS.orders(linkId)}>All orders</a>
        </p>
      )}
      {r && (
        <p>
          <strong>Latest remittance:</strong> {r.invoiceNumber}, killed {formatDate(r.productionDate)},{" "}
          {formatCents(r.totalCents)} due {formatDate(r.dueDate)}{" "}
          <a href={PORTAL_PATHS.remittances(linkId)}>All remittances</a>
        </p>
      )}
    </div>
  );
}
