/**
 * Plant integrations at the API boundary (issue 15): the API keys of the plant's systems. A key's secret
 * appears in one answer only, CreateApiKey's `key`; every other answer describes keys without it.
 */
import { z } from "@hono/zod-openapi";

export const API_KEY_NAME_MAX = 60;

export const ApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** the key's first characters, to tell it apart from the others (never enough to use it) */
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  status: z.enum(["active", "revoked"]),
}).openapi("ApiKey");

export const CreateApiKeyBody = z.object({
  name: z.string().trim()
    .min(1, "Name the system that will use the key, e.g. Scale 1.")
    .max(API_KEY_NAME_MAX, `Keep the name within ${API_KEY_NAME_MAX} characters.`),
}).openapi("CreateApiKeyBody");

export const CreatedApiKey = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  /** the whole key: shown this once, never again */
  key: z.string(),
  createdAt: z.string(),
}).openapi("CreatedApiKey");

export const RevokeApiKeyBody = z.object({
  id: z.number().int().positive(),
}).openapi("RevokeApiKeyBody");

export const NoQuery = z.object({});
