/**
 * ROI reports (issue 42, spec 3 §3): the shapes every part of the ROI area shares, pure and free of the
 * database, so the server, the engine, the PDF and the islands (wizard, layout designer) import one file.
 *
 * - A report DEFINITION names its periods (columns: data columns and, when `isIncludeBudgetColumns`,
 *   budget columns whose `budgetForId` names a data column) and its lines (each reads one data source's
 *   column, filtered and optionally grouped, and is credit or debit).
 * - The ENGINE (reports/roi/engine.ts) turns a definition and its data source results into the GRID:
 *   one row per line (a grouped line gives a row per group), values per column, section totals, the
 *   bottom line (total credit − total debit), a total column and the variance per budget column.
 * - A LAYOUT (the designer's, issue 42 item 4) arranges the grid's rows into credit and debit trees of
 *   sections; `startingLayout` (layoutRules.ts) is credit then debit, lines in order.
 *
 * Dates are date-only numbers yyyymmdd (20261201). Amounts in dollars, rounded to the cent by
 * kernel/money.ts where they are money; other units (kg, head, %) are kept as computed.
 */
export * from "./model/sources.ts";
export * from "./model/definitions.ts";
export * from "./model/grid.ts";
export * from "./model/layout.ts";
