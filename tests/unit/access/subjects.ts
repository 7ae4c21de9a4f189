import { type AccessSubject, type RouteDef, ROUTES } from "../../../server/access/mod.ts";

/** A signed-in processor-tenant user with nothing licensed; override what a test needs. */
export function subject(overrides: Partial<AccessSubject> = {}): AccessSubject {
  return {
    roleLevel: "user",
    modules: [],
    tenantCategories: ["processor"],
    featureFlags: [],
    tenantSettings: [],
    userSettings: [],
    ...overrides,
  };
}

export const anonymous = (): AccessSubject => subject({ roleLevel: null, tenantCategories: [] });

/**
 * The real route table with every screen marked built: home selection only picks built screens, and
 * which screens are built changes with every issue, so the rule is tested on a fully built table.
 */
export function allBuilt(routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return routes.map((r) => ({
    ...r,
    built: true,
    ...(r.children ? { children: allBuilt(r.children) } : {}),
  }));
}
export const BUILT = allBuilt();
