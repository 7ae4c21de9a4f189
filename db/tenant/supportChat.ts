import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, id } from "./columns.ts";

/**
 * A support chat stream (spec 3 §3 Chat stream: id, dateModified, isTicket): one conversation a tenant
 * user started with the support staff. Only its starter (and the support staff, across tenants) read it.
 */
export const chatStreams = sqliteTable("chat_streams", {
  id: id(),
  /** control-database user id and name of the user who started it */
  userId: integer("user_id").notNull(),
  userName: text("user_name").notNull(),
  /** what it is about, in the starter's words (the first line of the first message) */
  subject: text("subject").notNull(),
  isTicket: flag("is_ticket"),
  createdAt: text("created_at").notNull(),
  /** when its last message came (or it was made a ticket): the lists' order */
  dateModified: text("date_modified").notNull(),
}, (t) => [index("chat_streams_user").on(t.userId, t.dateModified)]);

/** One message of a stream: plain text as written (escaped when shown), by the starter or the staff. */
export const chatMessages = sqliteTable("chat_messages", {
  id: id(),
  streamId: integer("stream_id").notNull().references(() => chatStreams.id, { onDelete: "cascade" }),
  senderUserId: integer("sender_user_id").notNull(),
  senderName: text("sender_name").notNull(),
  /** written by the support staff (not the stream's starter) */
  fromSupport: flag("from_support"),
  text: text("text").notNull(),
  sentAt: text("sent_at").notNull(),
}, (t) => [index("chat_messages_stream").on(t.streamId, t.id)]);

/** A participant's read mark: the last message they have seen in the stream (the unread badge). */
export const chatReadMarks = sqliteTable("chat_read_marks", {
  streamId: integer("stream_id").notNull().references(() => chatStreams.id, { onDelete: "cascade" }),
  /** the starter's user id, or 0 for the support staff together (one desk: read by one is read) */
  userId: integer("user_id").notNull(),
  lastReadMessageId: integer("last_read_message_id").notNull(),
}, (t) => [primaryKey({ columns: [t.streamId, t.userId] })]);
