/** Super › tenants: what a tenant body must say, and what the audit keeps of it. */
import type { In } from "../../areaApi.ts";
import type { TenantBody } from "./schemas.ts";

export type TenantInput = In<typeof TenantBody>;

export const TENANT_DEACTIVATED = "Your organisation was deactivated. Ask your support contact for help.";

/** The first admin a new tenant's body names. */
export function adminOf(input: TenantInput) {
  return { email: input.adminEmail!, firstName: input.adminFirstName!, lastName: input.adminLastName! };
}

/** What the audit keeps of a tenant body. */
export function tenantDetail(input: TenantInput) {
  return {
    name: input.name,
    category: input.category,
    isActive: input.isActive,
    sites: input.sites,
    speciesIds: input.speciesIds,
    modules: input.modules,
  };
}
