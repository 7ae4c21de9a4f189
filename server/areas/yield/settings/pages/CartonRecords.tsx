/**
 * Settings › Yield › Carton records: a CSV of the boning room's cartons uploaded by hand (the upload
 * island), for a plant whose systems cannot send them, and the latest carton imports. Shown to whoever
 * may upload the plant's files (the kill floor's Data upload rule): the same people the API lets send.
 */
import { canSeeRouteNamed } from "../../../../access/mod.ts";
import { YieldCartonUpload } from "../../../../pages/islands.tsx";
import type { PageContext } from "../../../../pages/context.ts";
import type { AreaContext } from "../../../context.ts";
import { recentCartonImports, YIELD_DATA_API } from "../../data/api.ts";
import { CARTON_CSV_HEADER } from "../../data/cartonCsv.ts";

/** Imports the list shows (newest first). */
const RECENT = 10;
/** the app's body limit (the API's too) */
const MAX_BYTES = 1024 * 1024;

/** Whether the caller may upload cartons (the API's rule for a person). */
export const mayUploadCartons = (context: PageContext) =>
  canSeeRouteNamed(context.caller!.subject, "dataupload") ||
  canSeeRouteNamed(context.caller!.subject, "superFileUpload");

/** The recent imports, when the caller may upload (else nothing is read). */
export async function cartonRecordsData(ctx: AreaContext, context: PageContext) {
  if (!mayUploadCartons(context)) return null;
  return (await recentCartonImports(ctx, RECENT)).map((r) => ({
    ...r,
    productionDates: r.productionDates ?? [],
  }));
}

export function CartonRecordsPanel({ imports, context }: {
  imports: Awaited<ReturnType<typeof cartonRecordsData>>;
  context: PageContext;
}) {
  if (!imports) return null;
  return (
    <section className="panel" id="carton-records" aria-labelledby="carton-records-title">
      <h2 id="carton-records-title">Carton records</h2>
      <YieldCartonUpload
        uploadUrl={YIELD_DATA_API.uploadCartons}
        importsUrl={YIELD_DATA_API.cartonImports}
        imports={imports}
        header={CARTON_CSV_HEADER}
        maxBytes={MAX_BYTES}
        timeZone={context.timeZone}
      />
    </section>
  );
}
