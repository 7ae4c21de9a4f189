/** Kill floor: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { KILL_FLOOR_BODY_LIMITS, killFloorApi } from "./api.ts";
import { killFloorDayApi } from "./dayApi.ts";
import { msaApi } from "./msa/api.ts";
import { balanceApi } from "./balanceApi.ts";
import { KILL_FLOOR_PAGES } from "./routes.ts";
import { KILL_FLOOR_EVENTS } from "./events.ts";
import { seedKillFloor } from "./seed.ts";
import { FIND_CARCASSES } from "./find.ts";

export const killFloorArea = defineArea({
  name: "kill floor",
  api: [killFloorApi, killFloorDayApi, msaApi, balanceApi],
  pages: KILL_FLOOR_PAGES,
  events: KILL_FLOOR_EVENTS,
  seed: seedKillFloor,
  finds: [FIND_CARCASSES],
  bodyLimits: KILL_FLOOR_BODY_LIMITS,
});
