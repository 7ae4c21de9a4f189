/**
 * Storage: the area's record (server/areas/area.ts). Its root is the Files & publishing screen; its parts
 * are the tenant's and support's files (files/) and the published reports (publishing/), each with its
 * own record. How uploads are read (operations/upload.ts) and what files are taken (rules.ts) are shared.
 */
import { defineArea } from "../area.ts";
import { storageFilesArea } from "./files/mod.ts";
import { publishingArea } from "./publishing/mod.ts";
import { STORAGE_PAGES } from "./routes.ts";

export const storageArea = defineArea({
  name: "storage",
  pages: STORAGE_PAGES,
  parts: [storageFilesArea, publishingArea],
});
