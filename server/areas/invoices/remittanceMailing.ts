/**
 * With the organisation's "Email remittances when published" setting on, each published invoice's
 * remittance goes to its supplier (operations/emailRemittance.ts) after the publish is saved: in the
 * background, one at a time, so a publish (one or all) never waits for the mail server nor fails with it.
 * Each attempt is recorded on the invoice as a manual send is; a supplier without an address is left for
 * the editor to say so.
 */
import { isTenantSettingEnabled } from "../../access/mod.ts";
import type { Reaction } from "../area.ts";
import { emailRemittance } from "./operations/emailRemittance.ts";

let queue: Promise<void> = Promise.resolve();

/** The reaction to invoicePublished (Area.reactions). */
export const emailPublishedRemittances: Reaction<"invoicePublished"> = (ctx, { invoiceIds: ids }) => {
  if (!isTenantSettingEnabled(ctx.caller.subject, "emailRemittancesOnPublish")) return Promise.resolve();
  queue = queue.then(async () => {
    for (const id of ids) {
      // refused in words (no address, no longer published) or recorded as not sent: nothing more to do here
      await emailRemittance(ctx, { id }).catch(() => undefined);
    }
  });
  return Promise.resolve();
};
