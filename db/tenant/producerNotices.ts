/**
 * The producer portal's notice read marks (issue 44 §6): notices are derived through the door when read
 * (server/areas/producer/notices/), so a mark names the notice by its key (kind, link, lot, remittance and
 * moment) and belongs to one user of the farm. A notice without a mark is unread, so a relayed one arrives
 * unread.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const producerNoticeReads = sqliteTable("producer_notice_reads", {
  /** the control database's user id */
  userId: integer("user_id").notNull(),
  noticeKey: text("notice_key").notNull(),
  readAt: text("read_at").notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.noticeKey] })]);
