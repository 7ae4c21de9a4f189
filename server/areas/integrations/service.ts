/**
 * The plant systems' API keys of the caller's tenant (issue 15). Keys live in the control database
 * (server/auth/apiKeys.ts); each creation and revocation is also written to the tenant's audit trail,
 * after the key's own commit (two databases: the key is what counts, the trail says who).
 */
import type { z } from "@hono/zod-openapi";
import type { ApiKeyView } from "../../auth/apiKeys.ts";
import { ApiError } from "../../http/errors.ts";
import { displayName, recordAudit } from "../audit.ts";
import type { AreaContext } from "../context.ts";
import type { ApiKey, CreatedApiKey } from "./schemas.ts";

type ApiKeyDto = z.infer<typeof ApiKey>;

const dtoOf = (key: ApiKeyView): ApiKeyDto => ({ ...key, status: key.revokedAt ? "revoked" : "active" });

export class IntegrationKeyService {
  constructor(private readonly ctx: AreaContext) {}

  list(): Promise<ApiKeyDto[]> {
    return this.ctx.app.apiKeys.list(this.ctx.tenantId).then((keys) => keys.map(dtoOf));
  }

  /** A new key; the answer is the only place its secret ever appears. */
  async create(name: string): Promise<z.infer<typeof CreatedApiKey>> {
    const { key, token } = await this.ctx.app.apiKeys.create({
      tenantId: this.ctx.tenantId,
      name,
      createdBy: displayName(this.ctx.caller),
    });
    await this.#audit(key, "Created API key", { name: key.name, prefix: key.prefix });
    return { id: key.id, name: key.name, prefix: key.prefix, key: token, createdAt: key.createdAt };
  }

  /** Revokes a key of this tenant: refused from this moment, on every instance. */
  async revoke(id: number): Promise<ApiKeyDto> {
    const result = await this.ctx.app.apiKeys.revoke(this.ctx.tenantId, id, displayName(this.ctx.caller));
    if (!result) throw ApiError.notFound("That API key is not one of your organisation's keys.");
    if (result.changed) await this.#audit(result.key, "Revoked API key", { revokedAt: result.key.revokedAt });
    return dtoOf(result.key);
  }

  async #audit(key: ApiKeyView, action: string, after: Record<string, unknown>) {
    await this.ctx.db.transaction((tx) =>
      recordAudit(tx, this.ctx, { entity: "apiKey", entityId: key.id, action, after })
    );
  }
}
