/**
 * Every island: name -> module path (relative to this file). The build makes one code-split entry
 * per island (`dist/static/islands/<Name>.js`, default export = the component) and the runtime loads
 * `/static/islands/<Name>.js` for each `<div data-island="<Name>">`. Adding an island is one line here.
 * Names must match /^[A-Z][A-Za-z0-9]*$/.
 */
export const ISLANDS = {
  DataForm: "./DataForm.tsx",
  ActionButton: "./ActionButton.tsx",
  OrderForm: "./OrderForm.tsx",
  PricingGridEditor: "./PricingGridEditor.tsx",
  YardBoard: "./YardBoard.tsx",
  PenLayoutEditor: "./PenLayoutEditor.tsx",
  KillAgendaDay: "./KillAgendaDay.tsx",
  KillAgendaPlanner: "./KillAgendaPlanner.tsx",
  ApiKeyCreate: "./ApiKeyCreate.tsx",
  CarcassUpload: "./CarcassUpload.tsx",
  InvoiceList: "./InvoiceList.tsx",
  InvoiceEditor: "./InvoiceEditor.tsx",
  SkinCountSheet: "./SkinCountSheet.tsx",
  LogoUpload: "./LogoUpload.tsx",
  BlobUpload: "./BlobUpload.tsx",
  InitialLoad: "./InitialLoad.tsx",
  YieldCustomTabs: "./YieldCustomTabs.tsx",
  YieldCartonUpload: "./YieldCartonUpload.tsx",
  OrderReportSaveFilter: "./OrderReportSaveFilter.tsx",
  NvdUpload: "./NvdUpload.tsx",
  BoxingPicker: "./BoxingPicker.tsx",
  ScheduleBuilder: "./ScheduleBuilder.tsx",
  RoiLayoutEditor: "./RoiLayoutEditor.tsx",
  RoiWizard: "./RoiWizard.tsx",
  RoiWizardList: "./RoiWizardList.tsx",
  YieldReprocess: "./YieldReprocess.tsx",
  DemoDataLoad: "./DemoDataLoad.tsx",
  SalesOrderEditor: "./SalesOrderEditor.tsx",
  PaymentRuns: "./PaymentRuns.tsx",
} as const satisfies Record<string, string>;

export type IslandName = keyof typeof ISLANDS;

/**
 * Islands that start when the user reaches for them (pointer over, focus, touch, input: client/runtime/
 * intent.ts) rather than with the page: forms and buttons, whose server HTML already shows everything
 * and which do nothing until used. A page made only of them runs no React until then (docs/decisions.md
 * "Forms that start when reached for"). The others are live (push, a canvas, progress) and start with
 * the page.
 */
export const ISLANDS_ON_INTENT: ReadonlySet<IslandName> = new Set<IslandName>([
  "DataForm",
  "ActionButton",
  "OrderForm",
  "PricingGridEditor",
  "ApiKeyCreate",
  "LogoUpload",
  "BlobUpload",
  "OrderReportSaveFilter",
  "NvdUpload",
  "BoxingPicker",
  "SalesOrderEditor",
  "YieldReprocess",
]);

export const ISLAND_NAMES = Object.keys(ISLANDS) as IslandName[];

export const ISLAND_NAME_PATTERN = /^[A-Z][A-Za-z0-9]*$/;

/** Absolute file URL of an island's module (for the build and for server-side imports). */
export function islandModuleUrl(name: IslandName): URL {
  return new URL(ISLANDS[name], import.meta.url);
}
