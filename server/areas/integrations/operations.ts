/**
 * The plant systems' API keys of the caller's tenant (issue 15). Keys live in the control database
 * (server/auth/apiKeys.ts); each creation and revocation is also written to the tenant's audit trail,
 * after the key's own commit (two databases: the key is what counts, the trail says who).
 */
import type { ApiKeyView } from "../../auth/apiKeys.ts";
import { ApiError } from "../../http/errors.ts";
import { displayName } from "../audit.ts";
import type { AreaContext } from "../context.ts";
import type { In } from "../areaApi.ts";
import type { ApiKey, CreatedApiKey } from "./schemas.ts";

type ApiKeyDto = In<typeof ApiKey>;

const dtoOf = (key: ApiKeyView): ApiKeyDto => ({ ...key, status: key.revokedAt ? "revoked" : "active" });

/** The tenant's keys, newest first, without their secrets. */
export async function listApiKeys(ctx: AreaContext): Promise<ApiKeyDto[]> {
  return (await ctx.app.apiKeys.list(ctx.tenantId)).map(dtoOf);
}

/** A new key; the answer is the only place its secret ever appears. */
export async function createApiKey(ctx: AreaContext, name: string): Promise<In<typeof CreatedApiKey>> {
  const { key, token } = await ctx.app.apiKeys.create({
    tenantId: ctx.tenantId,
    name,
    createdBy: displayName(ctx.caller),
  });
  await auditKey(ctx, key, "Created API key", { name: key.name, prefix: key.prefix });
  return { id: key.id, name: key.name, prefix: key.prefix, key: token, createdAt: key.createdAt };
}

/** Revokes a key of this tenant: refused from this moment, on every instance. */
export async function revokeApiKey(ctx: AreaContext, id: number): Promise<ApiKeyDto> {
  const result = await ctx.app.apiKeys.revoke(ctx.tenantId, id, displayName(ctx.caller));
  if (!result) throw ApiError.notFound("That API key is not one of your organisation's keys.");
  if (result.changed) await auditKey(ctx, result.key, "Revoked API key", { revokedAt: result.key.revokedAt });
  return dtoOf(result.key);
}

function auditKey(ctx: AreaContext, key: ApiKeyView, action: string, after: Record<string, unknown>) {
  return ctx.write((_, unit) => unit.audit({ entity: "apiKey", entityId: key.id, action, after }));
}
