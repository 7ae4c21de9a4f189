import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "./columns.ts";

/** A problem a user reported from a page (spec 1 §7 ReportBug), for the organisation's support staff. */
export const problemReports = sqliteTable("problem_reports", {
  id: id(),
  /** control-database user id and name of whoever reported it */
  userId: integer("user_id").notNull(),
  userName: text("user_name").notNull(),
  /** the page it happened on (path and query) */
  page: text("page").notNull(),
  message: text("message").notNull(),
  userAgent: text("user_agent").notNull().default(""),
  createdAt: text("created_at").notNull(),
  handledAt: text("handled_at"),
  handledBy: text("handled_by"),
}, (t) => [index("problem_reports_open").on(t.handledAt, t.createdAt)]);
