/** Head-count corrections (with a reason, audited): one mob re-counted, or head moved between mobs. */
import { Folded } from "../../../../pages/Folded.tsx";
import type { z } from "@hono/zod-openapi";
import { formatHead } from "../../../../../kernel/format.ts";
import { DataForm } from "../../../../pages/islands.tsx";
import { ORDER_PATHS } from "../paths.ts";
import { ORDERS_API } from "../api.ts";
import type { OrderDetail } from "../schemas.ts";

export function HeadCountForms({ order: o }: { order: z.output<typeof OrderDetail> }) {
  const mobs = o.deliveredMobs;
  const reason = { name: "reason", label: "Reason", type: "text", required: true } as const;
  return (
    <>
      <Folded name="correct-head" summary="Correct a mob's head count">
        <DataForm
          id="correct-head"
          fields={[
            {
              name: "stockMobId",
              label: "Mob",
              type: "select",
              required: true,
              valueType: "number",
              options: mobs.map((m) => ({
                value: String(m.id),
                label: `Mob #${m.id}: ${formatHead(m.head)} head`,
              })),
            },
            { name: "correctedHead", label: "Correct head count", type: "number", required: true },
            { ...reason },
          ]}
          initial={{ stockMobId: mobs.length === 1 ? mobs[0].id : null }}
          submit={{ method: "POST", url: ORDERS_API.CorrectNumberOfHeadInMobAndOrder }}
          submitLabel="Correct"
          successToast="The head count was corrected."
          redirectTo={ORDER_PATHS.order(o.id)}
          undo={false}
        />
      </Folded>
      {mobs.length > 1 && (
        <Folded name="balance-head" summary="Balance head between mobs">
          <DataForm
            id="balance-head"
            fields={[
              ...mobs.map((m, i) => ({
                name: `mobs.${i}.head`,
                label: `Mob #${m.id} (now ${formatHead(m.head)})`,
                type: "number" as const,
                required: true,
              })),
              { ...reason },
            ]}
            initial={{
              livestockOrderId: o.id,
              mobs: mobs.map((m) => ({ stockMobId: m.id, head: m.head })),
            }}
            submit={{ method: "POST", url: ORDERS_API.BalanceNumberOfHeadInMobs }}
            submitLabel="Balance"
            successToast="The head were balanced between the mobs."
            redirectTo={ORDER_PATHS.order(o.id)}
          />
        </Folded>
      )}
    </>
  );
}
