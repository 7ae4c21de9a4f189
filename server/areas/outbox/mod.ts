/** Outbox: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { OUTBOX_PAGES } from "./routes.ts";

export const outboxArea = defineArea({
  name: "outbox",
  pages: OUTBOX_PAGES,
});
