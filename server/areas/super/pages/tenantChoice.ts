import type { AreaContext } from "../../context.ts";
import { listTenants } from "../tenants/queries.ts";

/**
 * The tenants a super screen's picker offers, and the one chosen (default: the one the super user works
 * in; none when the chosen id is no tenant).
 */
export async function tenantChoice(ctx: AreaContext, tenantId: number | undefined) {
  const tenants = (await listTenants(ctx)).map((t) => ({ id: t.id, name: t.name }));
  const id = tenantId ?? ctx.caller.tenant.id;
  const tenant = tenants.find((t) => t.id === id) ?? null;
  return { tenants, tenant };
}
