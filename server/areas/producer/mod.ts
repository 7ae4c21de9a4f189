/**
 * The producer portal (issue 44): a farm's view of what it sends processors, shared only through links the
 * processors grant (links/), read through one door (door.ts), shown as kill feedback (feedback/, portal/).
 */
import { defineArea } from "../area.ts";
import { linksApi } from "./links/api.ts";
import { feedbackApi } from "./feedback/api.ts";
import { PRODUCER_EVENTS } from "./events.ts";
import { PRODUCER_PAGES } from "./routes.ts";
import { NOTICE_RELAYS } from "./notices/relay.ts";
import { noticesApi } from "./notices/api.ts";

export const producerArea = defineArea({
  name: "producer portal",
  api: [linksApi, feedbackApi, noticesApi],
  pages: PRODUCER_PAGES,
  events: PRODUCER_EVENTS,
  reactions: NOTICE_RELAYS,
});
