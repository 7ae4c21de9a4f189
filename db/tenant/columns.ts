/** Column helpers every tenant table module shares. */
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
export const stamps = () => ({
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
});
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
