/**
 * The stockyard service, split by job: reads in queries.ts (StockyardQueries; pages use it), yard
 * actions in commands.ts (StockyardService extends the reads: the API's service), yard settings and
 * layout in layout.ts (StockyardService.setupCommands).
 */
export { StockyardService } from "./commands.ts";
export { MOB_ENTITY, StockyardQueries } from "./queries.ts";
