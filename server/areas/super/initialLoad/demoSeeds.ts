/**
 * The initial-data load after start-up (issue 43 item 3, super only): each area's own demo seed, in the
 * registry's order, run into an organisation marked demo or test while the server runs (the start
 * command's --demo seeds only before it starts). The seeds come through the services' hook (the registry
 * hands them in; this area cannot import it). Each seed decides whether its data is already there, so a
 * second run adds nothing. One super action in the audit.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { demoMarkOf } from "../demoData/operations.ts";
import { recordSuperAction } from "../writes.ts";
import { tenantContext } from "../tenantContext.ts";

export const SEED_ACTION = "RunDemoSeeds";

export async function runDemoSeeds(ctx: AreaContext, { tenantId }: { tenantId: number }) {
  const there = await tenantContext(ctx, tenantId);
  if (!await demoMarkOf(ctx, tenantId)) {
    throw ApiError.forbidden(
      `${there.tenant.name} is not marked demo or test: demo data is loaded only into such an organisation.`,
    );
  }
  const seeds = ctx.app.demoSeeds ?? [];
  const tenant = {
    db: there.db,
    category: there.tenant.category,
    today: there.today,
    siteIds: there.caller.sites.map((s) => s.id),
    speciesIds: there.caller.species.map((s) => s.id),
  };
  const areas: { name: string; seconds: number }[] = [];
  for (const { name, seed } of seeds) {
    const started = performance.now();
    await seed(tenant);
    areas.push({ name, seconds: Math.round(performance.now() - started) / 1000 });
  }
  await recordSuperAction(ctx, { tenantId, action: SEED_ACTION, detail: { areas } });
  return {
    tenantId,
    areas,
    message: `Each area's demo data is in ${there.tenant.name} (${areas.length} areas; ` +
      "what was already there is left as it was).",
  };
}
