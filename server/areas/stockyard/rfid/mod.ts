/** Stockyard › race readings (NLIS devices read at the unloading race): the sub-area's record. */
import { defineArea } from "../../area.ts";
import { rfidApi } from "./api.ts";
import { RFID_PAGES } from "./routes.ts";
import { seedRfidScans } from "./seed.ts";
import { FIND_RACE_READINGS } from "./find.ts";

export const rfidArea = defineArea({
  name: "stockyard › race readings",
  api: [rfidApi],
  pages: RFID_PAGES,
  // the race reader's NLIS readings are seeded from the kill floor's records
  seed: seedRfidScans,
  seedsAfter: ["kill floor"],
  // which consignment a tag came in with
  finds: [FIND_RACE_READINGS],
});
