/** A processor's configuration document (spec 2 §7.6), kept in the control database. */
import { eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { processorConfigurations } from "../../../../../db/control/schema.ts";
import { ApiError } from "../../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { controlWrite } from "../../controlUnit.ts";
import { findTenant } from "../../tenantContext.ts";
import type { ProcessorConfiguration } from "../schemas.ts";

export async function getProcessorConfiguration(ctx: AreaContext, tenantId: number) {
  await processor(ctx, tenantId);
  const row = await ctx.app.db.control.query.processorConfigurations.findFirst({
    where: eq(processorConfigurations.tenantId, tenantId),
  });
  return {
    tenantId,
    document: row?.document ?? null,
    lastModified: row?.lastModified ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

export async function setProcessorConfiguration(
  ctx: AreaContext,
  input: { tenantId: number; document: z.infer<typeof ProcessorConfiguration>; lastModified?: string | null },
) {
  await processor(ctx, input.tenantId);
  await controlWrite(ctx, async (tx, unit) => {
    const current = await tx.query.processorConfigurations.findFirst({
      where: eq(processorConfigurations.tenantId, input.tenantId),
    });
    if (current) assertUnchanged(current, input.lastModified, "processor configuration");
    const row = {
      document: input.document,
      lastModified: nextModified(current?.lastModified),
      updatedBy: displayName(ctx.caller),
    };
    await tx.insert(processorConfigurations).values({ tenantId: input.tenantId, ...row })
      .onConflictDoUpdate({ target: processorConfigurations.tenantId, set: row });
    await unit.audit({
      tenantId: input.tenantId,
      action: "SetProcessorConfiguration",
      detail: input.document,
    });
  });
  return getProcessorConfiguration(ctx, input.tenantId);
}

async function processor(ctx: AreaContext, tenantId: number) {
  const tenant = await findTenant(ctx, tenantId);
  if (tenant.category !== "processor") {
    throw ApiError.validation([{
      field: "tenantId",
      message: "Only a processor has a processor configuration.",
    }]);
  }
  return tenant;
}
