/** Unpublish one or many: back to drafts (the number is kept for the reissue). All or nothing. */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { changeInvoice } from "../invoiceChange.ts";
import { invoiceOf } from "../queries/species.ts";
import { liveRunOfInvoice } from "../payments/liveRuns.ts";
import type { IdsBody } from "../schemas.ts";

export async function unpublish(ctx: AreaContext, input: In<typeof IdsBody>) {
  await ctx.write(async (tx, unit) => {
    for (const id of input.ids) {
      const row = await invoiceOf(ctx, id, tx);
      if (row.status !== "Published") {
        throw ApiError.conflict(
          row.status === "Finalised"
            ? `Invoice ${row.invoiceNumber} is finalised: it cannot be unpublished.`
            : `Invoice ${id} is not published.`,
        );
      }
      // a payment file pays it: the money may be on its way, so the file goes first
      const run = await liveRunOfInvoice(tx, id);
      if (run) {
        throw ApiError.conflict(
          `Invoice ${row.invoiceNumber} is in payment file ${run.id}: cancel that file before unpublishing it.`,
        );
      }
      await changeInvoice(unit, row, {
        status: "Draft",
        publishedAt: null,
        publishedBy: null,
        publishedDocument: null,
        computedAt: null,
      }, { action: "Unpublished" });
    }
    unit.announce("invoiceUnpublished", { invoiceIds: input.ids });
  });
  return { ids: input.ids };
}
