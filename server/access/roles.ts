/**
 * Role levels. The spec names the roles but not their numbers; these levels
 * only need to be ordered so "role level ≥ route's roleValue" works.
 * Testers (test/support) sit above user so they see every user page; admin sits
 * above them; super above all. display/integrationPartner/demo sit below user.
 */
export const ROLE_LEVELS = {
  none: 0,
  display: 5,
  integrationPartner: 8,
  demo: 10,
  user: 20,
  newCustomTemplate: 25,
  support: 40,
  test: 45,
  admin: 60,
  super: 100,
} as const;

export type RoleName = keyof typeof ROLE_LEVELS;

/** What a person reads for each role (never the code name). */
export const ROLE_LABELS: Record<RoleName, string> = {
  none: "No role",
  display: "Display (TV)",
  integrationPartner: "Integration partner",
  demo: "Demo",
  user: "User",
  newCustomTemplate: "Custom template editor",
  support: "Support",
  test: "Tester",
  admin: "Administrator",
  super: "Super administrator",
};

export const roleLabel = (role: string) => ROLE_LABELS[role as RoleName] ?? role;

/** All role names, lowest level first. */
export const ROLE_NAMES: readonly RoleName[] = (Object.keys(ROLE_LEVELS) as RoleName[])
  .sort((a, b) => ROLE_LEVELS[a] - ROLE_LEVELS[b]);

/** Numeric level of a role; no role (null/undefined) counts as level 0 like "none". */
export function roleValue(name: RoleName | null | undefined): number {
  return name ? ROLE_LEVELS[name] : 0;
}

/**
 * A user "has a role" when the role is set and is not "none": only such users
 * get past the public routes (spec 1 §2).
 */
export function hasRole(role: RoleName | null | undefined): role is Exclude<RoleName, "none"> {
  return role != null && role !== "none";
}

/** Admin user: super or admin (spec 1 §6). */
export function isAdminUser(role: RoleName | null | undefined): boolean {
  return role === "super" || role === "admin";
}

/** Testing user: super, test or support (spec 1 §6). */
export function isTestingUser(role: RoleName | null | undefined): boolean {
  return role === "super" || role === "test" || role === "support";
}

/** Template-tool user: super or the new-custom-template role (spec 2 §6). */
export function isTemplateToolUser(role: RoleName | null | undefined): boolean {
  return role === "super" || role === "newCustomTemplate";
}

/**
 * Roles no person is given: integrationPartner is an API key's own role (issue 15), made only with the key
 * (issue 35 §10a); "none" is not a role.
 */
export const INTERNAL_ROLES: readonly RoleName[] = ["none", "integrationPartner"];

/**
 * Roles an assigner may give to another user, lowest first (spec 1 §6): an admin user may assign every
 * role a person holds, but super only when the assigner is super. Non-admins assign nothing.
 */
export function assignableRoles(assignerRole: RoleName | null | undefined): RoleName[] {
  if (!isAdminUser(assignerRole)) return [];
  return ROLE_NAMES.filter((r) => !INTERNAL_ROLES.includes(r) && (r !== "super" || assignerRole === "super"));
}

/** True when `s` is exactly a role name. */
export function isRoleName(s: unknown): s is RoleName {
  return typeof s === "string" && Object.hasOwn(ROLE_LEVELS, s);
}

const NORMALISED_NAMES = new Map<string, RoleName>(
  ROLE_NAMES.map((r) => [r.toLowerCase(), r]),
);

/**
 * Reads a role from stored or typed text. Tolerant on purpose (case, spaces,
 * dashes, underscores, or the numeric level) because roles arrive from the
 * database, invites and API clients. Unknown text gives null.
 */
export function parseRoleName(s: string | number | null | undefined): RoleName | null {
  if (s == null) return null;
  if (typeof s === "number" || /^\s*\d+\s*$/.test(s)) {
    const level = Number(s);
    return ROLE_NAMES.find((r) => ROLE_LEVELS[r] === level) ?? null;
  }
  const key = s.replace(/[\s_-]/g, "").toLowerCase();
  return NORMALISED_NAMES.get(key) ?? null;
}
