/** The audit entry of a settings row saved from its form. */
import { changedValues } from "./audit.ts";

/** "create" with every value for a new row, or "update" with only the values that changed. */
export function savedAudit<T extends Record<string, unknown>>(
  entity: string,
  entityId: number,
  current: T | null,
  values: Partial<T>,
) {
  return {
    entity,
    entityId,
    action: current ? "update" : "create",
    ...(current ? changedValues(current, values) : { after: values }),
  };
}
