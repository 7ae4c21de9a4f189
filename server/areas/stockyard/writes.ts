/**
 * The stockyard's writes that other areas call (the kill agenda, the kill floor, livestock orders):
 * the stockyard owns stockMobs, stockyards, pens, mobRequirements and yardSettings, so only functions
 * here change them for others. Each takes the caller's `Unit` first (it joins their transaction),
 * writes only the stockyard's tables and announces the stockyard's own push events through
 * `unit.announce`. Shared file: append a function, never rewrite or reorder.
 */
import type { Unit } from "../unit.ts";

export type { Unit };
