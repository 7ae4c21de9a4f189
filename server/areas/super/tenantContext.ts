/**
 * The area context of another tenant, for a super operation that uses a tenant area's own functions there
 * (the support desk marks a report handled by the support area's markHandled, the grid copy writes with
 * the pricing area's functions): that tenant's database, and the super user as the caller working in
 * it, with the tenant's species and active sites (a super user has no allow-list), so the area's own
 * rules see the tenant as it is.
 */
import { and, asc, eq } from "drizzle-orm";
import { species, tenants, tenantSites, tenantSpecies } from "../../../db/control/schema.ts";
import type { TenantRow } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { scopeOf } from "../scope.ts";
import { runUnit } from "../unit.ts";
import { recordSuperAction } from "./writes.ts";

export type TenantContext = AreaContext & { tenant: TenantRow };

/** The tenant, or 404 in words. */
export async function findTenant(ctx: AreaContext, tenantId: number): Promise<TenantRow> {
  const tenant = await ctx.app.db.control.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
  if (!tenant) throw ApiError.notFound("That organisation does not exist.");
  return tenant;
}

export async function tenantContext(ctx: AreaContext, tenantId: number): Promise<TenantContext> {
  const tenant = await findTenant(ctx, tenantId);
  const control = ctx.app.db.control;
  const [speciesRows, sites, db] = await Promise.all([
    control.select({ id: species.id, name: species.name }).from(tenantSpecies)
      .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(eq(tenantSpecies.tenantId, tenantId)).orderBy(asc(species.id)),
    control.select({ id: tenantSites.id, name: tenantSites.name }).from(tenantSites)
      .where(and(eq(tenantSites.tenantId, tenantId), eq(tenantSites.isActive, true)))
      .orderBy(asc(tenantSites.id)),
    ctx.app.db.tenantDb(tenantId),
  ]);
  const caller = {
    ...ctx.caller,
    tenant,
    species: speciesRows,
    sites,
    subject: { ...ctx.caller.subject, tenantCategories: [tenant.category] },
  };
  // its own scope and unit of work: writes go to that tenant's database, not the super user's
  const there: TenantContext = {
    ...ctx,
    tenant,
    tenantId,
    db,
    caller,
    scope: scopeOf(caller),
    write: (work) => runUnit(there, work),
  };
  return there;
}

/**
 * A tenant area's own save, run in the tenant the input names for the super user, then recorded in the
 * super audit as `action` with what `detail` picks from the answer and the body.
 */
export async function saveInTenant<I extends { tenantId: number }, R>(
  ctx: AreaContext,
  input: I,
  action: string,
  save: (there: TenantContext, body: Omit<I, "tenantId">) => Promise<R>,
  detail: (saved: R, body: Omit<I, "tenantId">) => Record<string, unknown>,
): Promise<R> {
  const { tenantId, ...body } = input;
  const saved = await save(await tenantContext(ctx, tenantId), body);
  await recordSuperAction(ctx, { tenantId, action, detail: detail(saved, body) });
  return saved;
}
