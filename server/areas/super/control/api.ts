import { z } from "@hono/zod-openapi";
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { TenantIdParam, TenantIdQuery } from "../tenants/schemas.ts";
import {
  FeatureFlag,
  FeatureFlagBody,
  FeatureFlagParams,
  MaintenanceBody,
  MaintenanceState,
  ProcessorConfigurationBody,
  ProcessorConfigurationState,
} from "./schemas.ts";
import { getMaintenance, setMaintenance } from "./operations/maintenance.ts";
import { getProcessorConfiguration, setProcessorConfiguration } from "./operations/processorConfiguration.ts";
import { deleteFeatureFlag, listFeatureFlags, setFeatureFlag } from "./operations/featureFlags.ts";
import { okJson } from "../../../http/openapi.ts";
import { areaContextOf } from "../../context.ts";

/** The paths the super pages post to (a page cannot misname an endpoint). */
export const SUPER_CONTROL_API = {
  setMaintenanceMessage: "/api/super/SetMaintenanceMessage",
  setProcessorConfiguration: "/api/super/SetProcessorConfiguration",
  upsertFeatureFlag: "/api/super/UpsertFeatureFlag",
  deleteFeatureFlag: (tenantId: number, key: string) =>
    `/api/super/DeleteFeatureFlag/${tenantId}/${encodeURIComponent(key)}`,
} as const;

/** api/super/… app control: the maintenance message, a processor's configuration, feature flags. */
const api = areaApi(["Super"]);

api.get(
  "/api/super/GetMaintenanceMessage",
  "The maintenance message shown on every signed-in page while it is on",
  { query: z.object({}) },
  MaintenanceState,
  SUPER,
  getMaintenance,
);

api.post(
  SUPER_CONTROL_API.setMaintenanceMessage,
  "Set, change or switch off the maintenance message",
  MaintenanceBody,
  MaintenanceState,
  SUPER,
  setMaintenance,
);

api.get(
  "/api/super/GetProcessorConfiguration",
  "A processor's configuration document (null until first set)",
  { query: TenantIdQuery },
  ProcessorConfigurationState,
  SUPER,
  (ctx, { tenantId }) => getProcessorConfiguration(ctx, tenantId),
);

api.post(
  SUPER_CONTROL_API.setProcessorConfiguration,
  "Set a processor's configuration (checked whole; lastModified for 409)",
  ProcessorConfigurationBody,
  ProcessorConfigurationState,
  SUPER,
  setProcessorConfiguration,
);

api.get(
  "/api/super/GetFeatureFlags/{tenantId}",
  "Every known feature flag of a tenant (never stored = off)",
  { params: TenantIdParam },
  z.array(FeatureFlag),
  SUPER,
  (ctx, { tenantId }) => listFeatureFlags(ctx, tenantId),
);

api.post(
  SUPER_CONTROL_API.upsertFeatureFlag,
  "Set a tenant's feature flag (push event featureFlagUpdated)",
  FeatureFlagBody,
  z.array(FeatureFlag),
  SUPER,
  setFeatureFlag,
);

api.route({
  method: "delete",
  path: "/api/super/DeleteFeatureFlag/{tenantId}/{featureKey}",
  summary: "Remove a tenant's feature flag: it is off (push event featureFlagUpdated)",
  access: SUPER,
  request: { params: FeatureFlagParams },
  responses: okJson(z.array(FeatureFlag)),
}, async (c) => {
  const { tenantId, featureKey } = FeatureFlagParams.parse(c.req.param());
  return c.json(await deleteFeatureFlag(await areaContextOf(c), tenantId, featureKey), 200);
});

export const superControlApi = api.router();
