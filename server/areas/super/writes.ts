/**
 * The super area's writes that other areas call (it owns the control database's super audit): a super
 * action another area carries out (the support files in storage) has its row in the super audit.
 */
import type { AreaContext } from "../context.ts";
import type { SuperAuditEntry } from "./audit.ts";
import { controlWrite } from "./controlUnit.ts";

/** A super action's audit row on its own (the action itself was no control-database write). */
export function recordSuperAction(ctx: AreaContext, entry: SuperAuditEntry): Promise<void> {
  return controlWrite(ctx, (_, unit) => unit.audit(entry));
}
