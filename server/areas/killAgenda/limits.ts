/**
 * The kill agenda's bounds, read by its schemas and its rules alike (their own file, so neither imports
 * the other).
 */

/** The planner shows seven days side by side (spec 1 §9). */
export const PLANNING_DAYS = 7;
/** Most items one day's agenda holds: a bound on every list the agenda answers. */
export const MAX_AGENDA_ITEMS = 500;
/** Most unscheduled mobs and undelivered orders the planner lists (the answer says how many there are). */
export const MAX_SIDE_LIST = 200;
