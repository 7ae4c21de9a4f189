/**
 * Yield reporting (issue 38, spec 3 §2.1): the area's record. Its parts: data (reference data, cartons in,
 * the simulator's boning, the daily summaries' rebuild), home (the plant analysis home and its tabs),
 * custom (custom metric tabs, the graph editor, the table), reports (analysis by run, summary and
 * operational reports) and settings (Settings › Yield, Product codes, Cut hierarchy overrides).
 */
import { defineArea } from "../area.ts";
import { dataArea } from "./data/mod.ts";
import { yieldCustomArea } from "./custom/mod.ts";
import { yieldHomeArea } from "./home/mod.ts";
import { yieldReportsArea } from "./reports/mod.ts";
import { yieldSettingsArea } from "./settings/mod.ts";

export const yieldArea = defineArea({
  name: "yield",
  parts: [dataArea, yieldHomeArea, yieldSettingsArea, yieldReportsArea, yieldCustomArea],
});
