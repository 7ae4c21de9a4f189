/**
 * Licensable modules and their login module group (the user record carries
 * modules "with name and login module group", spec 1 §3).
 * Group choice: the spec only fixes that tenantSettings and the *Settings
 * modules are in Settings (settings-menu rule); the rest follow the area the
 * module opens (see docs/decisions.md).
 */
export const LOGIN_MODULE_GROUPS = [
  "Home",
  "Settings",
  "Yield",
  "Production",
  "Reports",
  "Super",
  "Tester",
] as const;
export type LoginModuleGroup = typeof LOGIN_MODULE_GROUPS[number];

export const MODULES = [
  { key: "super", displayName: "Super", group: "Super" },
  { key: "livestock", displayName: "Livestock", group: "Home" },
  { key: "constants", displayName: "Constants", group: "Home" },
  { key: "tenantSettings", displayName: "Tenant Settings", group: "Settings" },
  { key: "buy", displayName: "Buy", group: "Home" },
  { key: "stockyard", displayName: "Stockyard", group: "Home" },
  { key: "farmer", displayName: "Farmer", group: "Home" },
  { key: "livestockReporting", displayName: "Livestock Reporting", group: "Reports" },
  { key: "yieldReporting", displayName: "Yield Reporting", group: "Yield" },
  { key: "invoices", displayName: "Invoices", group: "Home" },
  { key: "processorSkinGrade", displayName: "Processor Skin Grade", group: "Home" },
  { key: "directTransform", displayName: "Direct Transform", group: "Home" },
  { key: "mlaIntegration", displayName: "MLA Integration", group: "Home" },
  { key: "killFloorCorrections", displayName: "Kill Floor Corrections", group: "Home" },
  { key: "orderReporting", displayName: "Order Reporting", group: "Reports" },
  { key: "livestockBoxing", displayName: "Livestock Boxing", group: "Home" },
  { key: "buySettings", displayName: "Buy Settings", group: "Settings" },
  { key: "livestockSettings", displayName: "Livestock Settings", group: "Settings" },
  { key: "stockyardSettings", displayName: "Stockyard Settings", group: "Settings" },
  { key: "invoiceSettings", displayName: "Invoice Settings", group: "Settings" },
  { key: "tester", displayName: "Tester", group: "Tester" },
  { key: "scheduleBuilder", displayName: "Schedule Builder", group: "Production" },
  { key: "recipes", displayName: "Recipes", group: "Production" },
  { key: "productDefinitions", displayName: "Product Definitions", group: "Production" },
  { key: "yieldRevenue", displayName: "Yield Revenue", group: "Yield" },
] as const satisfies readonly { key: string; displayName: string; group: LoginModuleGroup }[];

export type ModuleKey = typeof MODULES[number]["key"];
export type ModuleInfo = typeof MODULES[number];

export const MODULE_KEYS: readonly ModuleKey[] = MODULES.map((m) => m.key);

export function isModuleKey(s: unknown): s is ModuleKey {
  return typeof s === "string" && (MODULE_KEYS as readonly string[]).includes(s);
}

export function moduleInfo(key: ModuleKey): ModuleInfo {
  return MODULES.find((m) => m.key === key)!;
}

export function modulesInGroup(group: LoginModuleGroup): ModuleKey[] {
  return MODULES.filter((m) => m.group === group).map((m) => m.key);
}

const GROUP_OF = new Map<string, LoginModuleGroup>(MODULES.map((m) => [m.key, m.group]));

/** The login module group of a module (Home for a key this app does not know). */
export const groupOf = (key: string): LoginModuleGroup => GROUP_OF.get(key) ?? "Home";

/**
 * The groups a tenant's admin may switch off (Settings › Login modules). Home holds the tenant's everyday
 * modules (switch those off by licence, one by one), Settings holds this very choice and Super only the
 * platform's own pages, so those three stay on.
 */
export const SWITCHABLE_LOGIN_MODULE_GROUPS = [
  "Reports",
  "Yield",
  "Production",
  "Tester",
] as const satisfies readonly LoginModuleGroup[];
export type SwitchableLoginModuleGroup = typeof SWITCHABLE_LOGIN_MODULE_GROUPS[number];

/** The control database's tenant setting row that holds a tenant's switched-off groups. */
export const LOGIN_MODULE_GROUPS_SETTING = "loginModuleGroups";

/**
 * Modules that make the settings menu appear (spec 2 §2.2): any module of the
 * Settings group except tenantSettings.
 */
export const SETTINGS_MENU_MODULES: readonly ModuleKey[] = modulesInGroup("Settings")
  .filter((k) => k !== "tenantSettings");

export const TENANT_CATEGORIES = ["processor", "producer"] as const;
export type TenantCategory = typeof TENANT_CATEGORIES[number];

export function isTenantCategory(s: unknown): s is TenantCategory {
  return typeof s === "string" && (TENANT_CATEGORIES as readonly string[]).includes(s);
}
