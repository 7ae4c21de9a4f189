/**
 * ROI reports (issue 42, spec 3 §2.3): the area's record. Its parts: definitions (the report list, the
 * wizard's saves, templates), sources and reference (the data a line reads: plant data, uploaded and
 * reference tables), display (the report page, its PDF and CSV, favourites). The layout designer and the
 * analysis menu append their sub-areas to `parts`. Shapes: reports/roi/model.ts; reads for others: reads.ts.
 */
import { defineArea, type Reaction } from "../area.ts";
import { roiLayoutsArea } from "./layouts/mod.ts";
import { roiAnalysisArea } from "./analysis/mod.ts";
import { markResultsStale } from "./results.ts";
import { roiDefinitionsArea } from "./definitions/mod.ts";
import { roiDisplayArea } from "./display/mod.ts";
import { seedRoi } from "./seed.ts";

/** New facts (carcass data complete, carcass records, invoices published or unpublished) stale every grid. */
const stale: Reaction = (ctx) => Promise.resolve(markResultsStale(ctx.tenantId));

export const roiArea = defineArea({
  name: "roi",
  reactions: {
    carcassDataComplete: stale,
    killFloorDataReceived: stale,
    invoicePublished: stale,
    invoiceUnpublished: stale,
  },
  seed: seedRoi,
  seedsAfter: ["invoices"],
  parts: [roiDefinitionsArea, roiDisplayArea, roiLayoutsArea, roiAnalysisArea],
});
