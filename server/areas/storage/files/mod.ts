/** Storage › files: tenant data files and support files (the blob calls); the area's record. */
import { defineArea } from "../../area.ts";
import { BLOB_BODY_LIMITS, filesApi } from "./api.ts";

export const storageFilesArea = defineArea({
  name: "storage › files",
  api: [filesApi],
  bodyLimits: BLOB_BODY_LIMITS,
});
