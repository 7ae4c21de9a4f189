/**
 * Yield reprocessing per client (issue 43 item 2, spec 3 §4 "count allocations, count members, then
 * request reprocessing"): the clients open to it (tenants whose setting allows reprocessing during
 * onboarding; a super user sees every such processor, a tester or support user only their own), the two
 * counts, and the run that rebuilds the yield summaries through the yield area's own writes. One run per
 * tenant and species at a time across server instances (a lease in the control database, lease.ts);
 * each run audited with the super user actions.
 */
import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import { species, tenants, tenantSettings, tenantSpecies } from "../../../../db/control/schema.ts";
import { boningRuns, carcasses, cartons, yieldSummaries } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { zoneOf } from "../../../http/clientClock.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { reprocessYieldSummaries } from "../../yield/writes.ts";
import { listProductCodes } from "../../yield/settings/operations/productCodes.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { displayName } from "../../audit.ts";
import { recordSuperAction } from "../writes.ts";
import { takeLease, THIS_INSTANCE } from "./lease.ts";
import { type TenantContext, tenantContext } from "../tenantContext.ts";
import { changedCounts, COUNT_LABELS, rangeDays, type ReprocessCounts, runningWords } from "./rules.ts";
import type {
  ReprocessAnswer,
  ReprocessingClient,
  ReprocessRangeBody,
  RequestReprocessBody,
} from "./schemas.ts";

type Range = In<typeof ReprocessRangeBody>;
type Client = In<typeof ReprocessingClient>;

export const ONBOARDING_SETTING = "allowReprocessingDuringOnboarding";

/** The clients the caller may reprocess: processors with the onboarding setting on (their own only, below super). */
export async function reprocessingClients(ctx: AreaContext, ownOnly = false): Promise<Client[]> {
  const control = ctx.app.db.control;
  const own = ownOnly || ctx.caller.subject.roleLevel !== "super";
  const rows = await control.select({ id: tenants.id, name: tenants.name, value: tenantSettings.value })
    .from(tenants)
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .where(and(
      eq(tenantSettings.settingType, ONBOARDING_SETTING),
      eq(tenants.category, "processor"),
      own ? eq(tenants.id, ctx.tenantId) : undefined,
    ))
    .orderBy(asc(tenants.name));
  const open = rows.filter((r) => r.value?.isEnabled === true);
  if (!open.length) return [];
  const kinds = await control.select({ tenantId: tenantSpecies.tenantId, id: species.id, name: species.name })
    .from(tenantSpecies).innerJoin(species, eq(species.id, tenantSpecies.speciesId)).orderBy(asc(species.id));
  return open.map((t) => ({
    tenantId: t.id,
    tenantName: t.name,
    species: kinds.filter((k) => k.tenantId === t.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The client's context, or 403 (not open to the caller) / 400 (a species it does not kill). */
async function clientContext(
  ctx: AreaContext,
  input: Pick<Range, "tenantId" | "speciesId">,
): Promise<TenantContext> {
  return (await openClient(ctx, input)).there;
}

async function openClient(ctx: AreaContext, input: Pick<Range, "tenantId" | "speciesId">) {
  const client = (await reprocessingClients(ctx)).find((c) => c.tenantId === input.tenantId);
  if (!client) {
    throw ApiError.forbidden(
      "That organisation is not open to yield reprocessing: its setting allows it only during onboarding.",
    );
  }
  if (!client.species.some((s) => s.id === input.speciesId)) {
    throw ApiError.validation([{
      field: "speciesId",
      message: `${client.tenantName} does not process that species.`,
    }]);
  }
  return { client, there: await tenantContext(ctx, input.tenantId) };
}

/** The client's product codes of a species (the reprocess screen's chooser; 'All products' is none). */
export async function reprocessProductCodes(
  ctx: AreaContext,
  input: Pick<Range, "tenantId" | "speciesId">,
): Promise<{ id: number; code: string; description: string }[]> {
  const there = await clientContext(ctx, input);
  const { rows } = await listProductCodes(there, { speciesId: input.speciesId });
  return rows.map(({ id, code, description }) => ({ id, code, description }));
}

const countOf = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

async function allocationCounts(there: AreaContext, r: Range) {
  const days = (col: typeof boningRuns.productionDate | typeof yieldSummaries.productionDate) =>
    and(gte(col, r.fromDate), lte(col, r.toDate));
  return {
    allocations: await countOf(
      there.db.select({ n: count() }).from(boningRuns)
        .where(and(days(boningRuns.productionDate), eq(boningRuns.speciesId, r.speciesId))),
    ),
    summaries: await countOf(
      there.db.select({ n: count() }).from(yieldSummaries).where(and(
        days(yieldSummaries.productionDate),
        eq(yieldSummaries.speciesId, r.speciesId),
        r.productCodeId ? eq(yieldSummaries.productCodeId, r.productCodeId) : undefined,
      )),
    ),
  };
}

async function memberCounts(there: AreaContext, r: Range) {
  return {
    carcasses: await countOf(
      there.db.select({ n: count() }).from(carcasses).where(and(
        gte(carcasses.productionDate, r.fromDate),
        lte(carcasses.productionDate, r.toDate),
        eq(carcasses.speciesId, r.speciesId),
      )),
    ),
    products: await countOf(
      there.db.select({ n: count() }).from(cartons).where(and(
        gte(cartons.productionDate, r.fromDate),
        lte(cartons.productionDate, r.toDate),
        eq(cartons.speciesId, r.speciesId),
        r.productCodeId ? eq(cartons.productCodeId, r.productCodeId) : undefined,
      )),
    ),
  };
}

/** Step 1: the boning runs (allocations) and yield summaries of the days. */
export async function countAllocationsAndSummaries(ctx: AreaContext, input: Range) {
  return allocationCounts(await clientContext(ctx, input), input);
}

/** Step 2: the carcasses killed and the cartons packed on the days. */
export async function countCarcassesAndProducts(ctx: AreaContext, input: Range) {
  return memberCounts(await clientContext(ctx, input), input);
}

/**
 * Step 3, its checks: the counts still those counted (409 otherwise, or while another run of the tenant
 * and species goes on on any server: the lease), made before any answer starts so a refusal keeps its
 * status. Answers the run; the run must be called (it releases the lease when it ends).
 */
export async function startSummaryReprocessing(ctx: AreaContext, input: In<typeof RequestReprocessBody>) {
  const { client, there } = await openClient(ctx, input);
  const taken = await takeLease(ctx.app.db.control, input, displayName(ctx.caller));
  if ("heldBy" in taken) {
    const { heldBy } = taken;
    throw ApiError.conflict(runningWords({
      holderName: heldBy.holderName,
      tenantName: client.tenantName,
      speciesName: client.species.find((s) => s.id === input.speciesId)?.name ?? "species",
      since: formatDateTime(heldBy.takenAt, zoneOf(ctx.caller, undefined, ctx.app.config.TIME_ZONE)),
      elsewhere: heldBy.instanceId !== THIS_INSTANCE,
    }));
  }
  const { lease } = taken;
  const started = performance.now();
  let now: ReprocessCounts;
  try {
    now = { ...await allocationCounts(there, input), ...await memberCounts(there, input) };
    const changed = changedCounts(input.counts, now);
    if (changed.length) {
      throw ApiError.conflict(
        `The ${changed.map((k) => COUNT_LABELS[k].toLowerCase()).join(" and ")} changed since they were ` +
          "counted: count again, then reprocess.",
      );
    }
  } catch (error) {
    await lease.release();
    throw error;
  }
  /** the rebuild; `onDay` hears each day done */
  return async (
    onDay?: (done: number, total: number) => Promise<void> | void,
  ): Promise<In<typeof ReprocessAnswer>> => {
    lease.renewWhileRunning();
    try {
      const done = await reprocessYieldSummaries(there, {
        speciesId: input.speciesId,
        from: input.fromDate,
        to: input.toDate,
        productCodeId: input.productCodeId,
      }, onDay);
      const answer = {
        tenantId: input.tenantId,
        speciesId: input.speciesId,
        fromDate: input.fromDate,
        toDate: input.toDate,
        days: rangeDays(input.fromDate, input.toDate),
        reprocessedSummarys: done.rows,
        responseTimes: { totalSeconds: Math.round((performance.now() - started) / 10) / 100 },
      };
      await recordSuperAction(ctx, {
        tenantId: input.tenantId,
        action: "ReprocessYieldSummaries",
        detail: { ...answer, productCodeId: input.productCodeId ?? null, counts: now },
      });
      return answer;
    } finally {
      await lease.release();
    }
  };
}

/** Step 3 whole: checked, then run. */
export async function requestSummaryReprocessing(
  ctx: AreaContext,
  input: In<typeof RequestReprocessBody>,
  onDay?: (done: number, total: number) => Promise<void> | void,
) {
  return (await startSummaryReprocessing(ctx, input))(onDay);
}
