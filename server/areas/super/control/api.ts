import type { Context } from "hono";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { apiService } from "../../context.ts";
import { TenantIdQuery } from "../tenants/schemas.ts";
import {
  MaintenanceBody,
  MaintenanceState,
  ProcessorConfigurationBody,
  ProcessorConfigurationState,
} from "./schemas.ts";
import { SuperControlService } from "./service.ts";
import { z } from "@hono/zod-openapi";

export const SUPER_CONTROL_API = {
  setMaintenanceMessage: "/api/super/SetMaintenanceMessage",
  setProcessorConfiguration: "/api/super/SetProcessorConfiguration",
} as const;

const { get, post } = areaRoutes(["Super"]);
const service = (c: Context<AppEnv>) => apiService(c, SuperControlService);

export const superControlApi: ApiRouter = apiRouter()
  .openapi(
    get(
      "/api/super/GetMaintenanceMessage",
      "The maintenance message shown on every signed-in page while it is on",
      { query: z.object({}) },
      MaintenanceState,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).maintenance(), 200),
  )
  .openapi(
    post(
      SUPER_CONTROL_API.setMaintenanceMessage,
      "Set, change or switch off the maintenance message",
      MaintenanceBody,
      MaintenanceState,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).setMaintenance(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      "/api/super/GetProcessorConfiguration",
      "A processor's configuration document (null until first set)",
      { query: TenantIdQuery },
      ProcessorConfigurationState,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).processorConfiguration(c.req.valid("query").tenantId), 200),
  )
  .openapi(
    post(
      SUPER_CONTROL_API.setProcessorConfiguration,
      "Set a processor's configuration (checked whole; lastModified for 409)",
      ProcessorConfigurationBody,
      ProcessorConfigurationState,
      SUPER,
    ),
    async (c) => c.json(await (await service(c)).setProcessorConfiguration(c.req.valid("json")), 200),
  );
