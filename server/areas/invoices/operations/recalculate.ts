/** Compute: recompute a draft from the current carcass data and settings (clears "with corrections"). */
import type { AreaContext } from "../../context.ts";
import { changeDraft } from "../drafts.ts";
import { invoiceView } from "../queries/invoice.ts";

export async function recalculate(ctx: AreaContext, id: number) {
  await changeDraft(ctx, id, null, "Recomputed", () => Promise.resolve({}));
  return await invoiceView(ctx, id);
}
