/**
 * api/integrations/…: the API keys plant systems (scales, grading cameras, the interchange client) call
 * the integration endpoints with. Managed by whoever can open Settings › Plant Integrations (a processor
 * tenant's admin); a key itself is refused here, as on every endpoint not marked `integration`.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { ApiKey, CreateApiKeyBody, CreatedApiKey, NoQuery, RevokeApiKeyBody } from "./schemas.ts";
import { IntegrationKeyService } from "./service.ts";

/** The paths the screen calls. */
export const INTEGRATIONS_API = {
  getApiKeys: "/api/integrations/GetApiKeys",
  createApiKey: "/api/integrations/CreateApiKey",
  revokeApiKey: "/api/integrations/RevokeApiKey",
} as const;

const tags = ["Plant integrations"];
const { get, post } = areaRoutes(tags);
const KEYS: AccessRule = { pages: ["settingsIntegrations"] };
const service = (c: Context<AppEnv>) => apiService(c, IntegrationKeyService);

export const integrationsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      INTEGRATIONS_API.getApiKeys,
      "Your organisation's API keys, newest first, without their secrets",
      { query: NoQuery },
      z.array(ApiKey),
      KEYS,
    ),
    async (c) => c.json(await (await service(c)).list(), 200),
  )
  .openapi(
    post(
      INTEGRATIONS_API.createApiKey,
      "Make an API key for one of the plant's systems. The answer's `key` is the only time the key is " +
        "shown: only a hash is kept. The key reaches the integration endpoints of your organisation only.",
      CreateApiKeyBody,
      CreatedApiKey,
      KEYS,
    ),
    async (c) => c.json(await (await service(c)).create(c.req.valid("json").name), 200),
  )
  .openapi(
    post(
      INTEGRATIONS_API.revokeApiKey,
      "Revoke an API key: it is refused from this moment (revoking it again changes nothing)",
      RevokeApiKeyBody,
      ApiKey,
      KEYS,
    ),
    async (c) => c.json(await (await service(c)).revoke(c.req.valid("json").id), 200),
  );
