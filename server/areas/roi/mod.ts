/**
 * ROI reports (issue 42, spec 3 §2.3): the area's record. Its parts: definitions (the report list, the
 * wizard's saves, templates), sources and reference (the data a line reads: plant data, uploaded and
 * reference tables), display (the report page, its PDF and CSV, favourites). The layout designer and the
 * analysis menu append their sub-areas to `parts`. Shapes: reports/roi/model.ts; reads for others: reads.ts.
 */
import { defineArea } from "../area.ts";
import { roiLayoutsArea } from "./layouts/mod.ts";
import { roiAnalysisArea } from "./analysis/mod.ts";
import { markResultsStale } from "./results.ts";
import { roiDefinitionsArea } from "./definitions/mod.ts";
import { roiDisplayArea } from "./display/mod.ts";
import { seedRoi } from "./seed.ts";

export const roiArea = defineArea({
  name: "roi",
  // new facts (carcass data complete, carcass records, invoices published or unpublished) stale the
  // tenant's grids on every instance
  kept: {
    staleOn: ["carcassDataComplete", "killFloorDataReceived", "invoicePublished", "invoiceUnpublished"],
    forget: markResultsStale,
  },
  seed: seedRoi,
  seedsAfter: ["invoices"],
  parts: [roiDefinitionsArea, roiDisplayArea, roiLayoutsArea, roiAnalysisArea],
});
