/**
 * Every tenant table has one owning area, the only one that writes it (its seed included). Another area
 * that must change the table calls the owner's exported function (`<owner>/writes.ts`, taking the
 * caller's `Unit`), so the owner's rules and push events go with every change. The owner is the area's
 * folder under server/areas/; the architecture test (tests/unit/architecture.test.ts) finds every
 * `.insert(t)`, `.update(t)` and `.delete(t)` there and fails on a writer that is not the owner. A table
 * added to a schema file without an owner here fails to compile.
 */
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type * as schema from "./schema.ts";

/** The names of the tenant tables (every export of the schema that is a table). */
export type TenantTableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends SQLiteTable ? K : never;
}[keyof typeof schema];

/** An area's folder under server/areas/, or the audit trail (server/areas/audit.ts, through `unit.audit`). */
export type TableOwner =
  | "livestock/orders"
  | "livestock/parties"
  | "livestock/volumeTargets"
  | "livestock/nvd"
  | "stockyard"
  | "killAgenda"
  | "killFloor"
  | "invoices"
  | "invoiceSettings"
  | "skins"
  | "pricing"
  | "settings"
  | "notifications"
  | "storage"
  | "support"
  | "super"
  | "yield"
  | "roi"
  | "planning"
  | "producer"
  | "audit trail";

export const TABLE_OWNERS = {
  // livestock.ts
  livestockOrders: "livestock/orders",
  livestockOrderGroups: "livestock/orders",
  deliveryLoads: "livestock/orders",
  suppliers: "livestock/parties",
  stakeholders: "livestock/parties",
  buyers: "livestock/parties",
  transportCompanies: "livestock/parties",
  stockMobs: "stockyard",
  pricingGridGroups: "pricing",
  pricingGrids: "pricing",
  killVolumeTargets: "livestock/volumeTargets",
  nvdDocuments: "livestock/nvd",
  // stockyard.ts (rfidScans: the stockyard's race readings, stockyard/rfid)
  stockyards: "stockyard",
  pens: "stockyard",
  mobRequirements: "stockyard",
  yardSettings: "stockyard",
  rfidScans: "stockyard",
  // killAgenda.ts
  killAgendas: "killAgenda",
  killAgendaItems: "killAgenda",
  siteLocations: "settings",
  // killFloor.ts
  carcasses: "killFloor",
  carcassImports: "killFloor",
  interchangeClients: "killFloor",
  integrationErrors: "killFloor",
  // invoices.ts
  invoices: "invoices",
  invoiceMobs: "invoices",
  invoiceLineItems: "invoices",
  invoicePriceAdjustments: "invoices",
  remittanceMailings: "invoices",
  levySettings: "invoiceSettings",
  defectDetails: "invoiceSettings",
  skinPrices: "skins",
  skinCounts: "skins",
  // payments.ts: written by its payments part (server/areas/invoices/payments)
  paymentFileSettings: "invoices",
  paymentRuns: "invoices",
  paymentRunInvoices: "invoices",
  // settings.ts
  stockSettings: "settings",
  notifications: "notifications",
  // storage.ts
  blobFiles: "storage",
  // support.ts
  problemReports: "support",
  // supportChat.ts: written by its chat part (server/areas/support/chat)
  chatStreams: "support",
  chatMessages: "support",
  chatReadMarks: "support",
  // demoData.ts
  demoDataRows: "super", // written by its demo data part (server/areas/super/demoData)
  // yield.ts
  yieldSegments: "yield",
  productCodes: "yield",
  segmentOverrides: "yield",
  standardYields: "yield",
  productPrices: "yield",
  boningRooms: "yield",
  boningRuns: "yield",
  cartons: "yield",
  cartonImports: "yield",
  yieldSummaries: "yield",
  yieldReports: "yield",
  // roi.ts
  roiReports: "roi",
  roiDataTables: "roi",
  roiTemplates: "roi",
  roiFavourites: "roi",
  // roiLayouts.ts
  roiLayouts: "roi", // written by its layouts part (server/areas/roi/layouts)
  // planningSchedules.ts
  planningGroupAdjustments: "planning",
  planningGroupCache: "planning",
  cutPlans: "planning",
  productionSchedules: "planning",
  // planning.ts
  productDefinitions: "planning",
  productDefinitionCodes: "planning",
  productPackagings: "planning",
  carcassTypes: "planning",
  specificationTypes: "planning",
  specifications: "planning",
  recipes: "planning",
  recipeLines: "planning",
  ingredients: "planning",
  customers: "planning",
  salespersons: "planning",
  salesOrders: "planning",
  salesOrderLines: "planning",
  // planningSettings.ts
  productPackagingSettings: "planning",
  // producerNotices.ts: a farm user's notice read marks (server/areas/producer/notices)
  producerNoticeReads: "producer",
  // schema.ts: written only by `unit.audit` (server/areas/audit.ts `recordAudit`)
  auditLog: "audit trail",
} as const satisfies Record<TenantTableName, TableOwner>;
