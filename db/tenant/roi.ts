/**
 * ROI reports (issue 42, spec 3 §3; shapes in reports/roi/model.ts): report definitions (columns and
 * lines as JSON, a version every save bumps so a stale save answers 409), the uploaded data tables a line
 * can read (UploadData and ReferenceData: the file in the storage area, its parsed rows here), templates
 * and each user's favourite reports. The layouts of the designer are the layout sub-area's table.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, json } from "./columns.ts";

/** A saved ROI report definition (spec 3 §3 "Report definition"). */
export const roiReports = sqliteTable("roi_reports", {
  id: id(),
  name: text("name").notNull(),
  reportOption: integer("report_option").notNull().default(0),
  speciesId: integer("species_id"),
  /** yyyymmdd, inclusive */
  startDate: integer("start_date").notNull(),
  endDate: integer("end_date").notNull(),
  customCreditLabel: text("custom_credit_label").notNull().default(""),
  customDebitLabel: text("custom_debit_label").notNull().default(""),
  isIncludeBudgetColumns: flag("is_include_budget_columns"),
  /** ReportColumn[] */
  columns: json<unknown[]>("columns").notNull(),
  /** ReportLine[] */
  lines: json<unknown[]>("lines").notNull(),
  isLayoutSaved: flag("is_layout_saved"),
  /** ISO instant; null while not published */
  publishedAt: text("published_at"),
  /** control-database user id and name of whoever made it */
  ownerId: integer("owner_id").notNull(),
  ownerName: text("owner_name").notNull(),
  roiTemplateId: integer("roi_template_id"),
  version: integer("version").notNull().default(1),
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
}, (t) => [index("roi_reports_owner").on(t.ownerId)]);

/**
 * An uploaded table a line can read: category 0 (UploadData) or 3 (ReferenceData: market prices,
 * budgets, cost per head). `reportDateFilter` names the column holding each row's date (yyyymmdd or an
 * ISO date), so a period reads only its rows; null where the whole table applies to every period.
 */
export const roiDataTables = sqliteTable("roi_data_tables", {
  id: id(),
  category: integer("category").notNull(),
  name: text("name").notNull(),
  reportDateFilter: text("report_date_filter"),
  /** the file's reference in the storage area (data/roi/...) */
  blobReference: text("blob_reference").notNull(),
  fileName: text("file_name").notNull(),
  /** the header row's column names, in file order */
  columnNames: json<string[]>("column_names").notNull(),
  /** the rows, each column name → text as in the file */
  rows: json<Record<string, string>[]>("rows").notNull(),
  uploadedByName: text("uploaded_by_name").notNull(),
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
}, (t) => [uniqueIndex("roi_data_tables_name").on(t.category, t.name)]);

/** A report template (spec 3 §3 "Template"): labels, columns, lines and layouts to start a report from. */
export const roiTemplates = sqliteTable("roi_templates", {
  id: id(),
  name: text("name").notNull().unique(),
  reportOption: integer("report_option").notNull().default(0),
  customCreditLabel: text("custom_credit_label").notNull().default(""),
  customDebitLabel: text("custom_debit_label").notNull().default(""),
  columns: json<unknown[]>("columns").notNull(),
  lines: json<unknown[]>("lines").notNull(),
  /** RoiLayout[] copied from the report it was saved from */
  layouts: json<unknown[]>("layouts").notNull(),
  /** the template this one was made from, if any */
  roiTemplateId: integer("roi_template_id"),
  ownerName: text("owner_name").notNull(),
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
});

/** A user's favourite reports (spec 1 §3 reportFavourites: reportTypeId and reportId per user). */
export const roiFavourites = sqliteTable("roi_favourites", {
  id: id(),
  /** control-database user id */
  userId: integer("user_id").notNull(),
  /** 1: an ROI report */
  reportTypeId: integer("report_type_id").notNull().default(1),
  reportId: integer("report_id").notNull(),
  createdAt: text("created_at").notNull(),
}, (t) => [uniqueIndex("roi_favourites_user_report").on(t.userId, t.reportTypeId, t.reportId)]);
