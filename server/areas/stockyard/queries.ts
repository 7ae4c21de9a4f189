/**
 * The stockyard's reads (queries/): the yards and their setup (yards.ts), the live yard (yardView.ts)
 * and its mobs (mobs.ts). Reads never write; pages and other areas (display, settings) call these.
 */
export {
  defaultYard,
  findYard,
  MOB_ENTITY,
  type MobRow,
  type PenRow,
  setup,
  setups,
  speciesNameOf,
  YARD_ENTITY,
  type YardRow,
  yards,
  yardSummaries,
} from "./queries/yards.ts";
export { bins, mobDtos, mobHistory, mobs, recentMobs } from "./queries/mobs.ts";
export { yardView } from "./queries/yardView.ts";
