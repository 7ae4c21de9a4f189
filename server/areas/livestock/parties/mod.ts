/** Livestock parties: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { partiesApi } from "./api.ts";
import { PARTY_PAGES } from "./routes.ts";
import { PARTY_EVENTS } from "./events.ts";
import { seedParties } from "./seed.ts";
import { FIND_STAKEHOLDERS, FIND_SUPPLIERS } from "./find.ts";

export const partiesArea = defineArea({
  name: "livestock parties",
  api: [partiesApi],
  pages: PARTY_PAGES,
  events: PARTY_EVENTS,
  seed: seedParties,
  finds: [FIND_SUPPLIERS, FIND_STAKEHOLDERS],
});
