/**
 * api/integrations/…: the API keys plant systems (scales, grading cameras, the interchange client) call
 * the integration endpoints with. Managed by whoever can open Settings › Plant Integrations (a processor
 * tenant's admin); a key itself is refused here, as on every endpoint not marked `integration`.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import { ApiKey, CreateApiKeyBody, CreatedApiKey, NoQuery, RevokeApiKeyBody } from "./schemas.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./operations.ts";

/** The paths the screen calls. */
export const INTEGRATIONS_API = {
  getApiKeys: "/api/integrations/GetApiKeys",
  createApiKey: "/api/integrations/CreateApiKey",
  revokeApiKey: "/api/integrations/RevokeApiKey",
} as const;

const KEYS: AccessRule = { pages: ["settingsIntegrations"] };
const api = areaApi(["Plant integrations"]);

api.get(
  INTEGRATIONS_API.getApiKeys,
  "Your organisation's API keys, newest first, without their secrets",
  { query: NoQuery },
  z.array(ApiKey),
  KEYS,
  (ctx) => listApiKeys(ctx),
);

api.post(
  INTEGRATIONS_API.createApiKey,
  "Make an API key for one of the plant's systems. The answer's `key` is the only time the key is " +
    "shown: only a hash is kept. The key reaches the integration endpoints of your organisation only.",
  CreateApiKeyBody,
  CreatedApiKey,
  KEYS,
  (ctx, { name }) => createApiKey(ctx, name),
);

api.post(
  INTEGRATIONS_API.revokeApiKey,
  "Revoke an API key: it is refused from this moment (revoking it again changes nothing)",
  RevokeApiKeyBody,
  ApiKey,
  KEYS,
  (ctx, { id }) => revokeApiKey(ctx, id),
);

export const integrationsApi = api.router();
