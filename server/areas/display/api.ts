/**
 * api/display/…: a display user's screens (admins for any display user of the tenant, a display user for
 * itself) and the rotation the TV runs.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { DisplayService } from "./service.ts";
import { DISPLAY_API as P } from "./paths.ts";
import { DisplaySettingsView, DisplayUser, DisplayUserQuery, Rotation, SaveDisplayBody } from "./schemas.ts";

const { get, post } = areaRoutes(["Display carousel"]);
const CONFIGURE: AccessRule = { pages: ["displayConfigure"] };
const SHOW: AccessRule = { pages: ["displayHome"] };
const display = (c: Context<AppEnv>) => apiService(c, DisplayService);

export const displayApi: ApiRouter = apiRouter()
  .openapi(
    get(
      P.users,
      "The display users whose screens you may set",
      { query: z.object({}) },
      z.array(DisplayUser),
      CONFIGURE,
    ),
    async (c) => c.json(await (await display(c)).displayUsers(), 200),
  )
  .openapi(
    get(
      P.settings,
      "A display user's screens and the screens it could show",
      { query: DisplayUserQuery },
      DisplaySettingsView,
      CONFIGURE,
    ),
    async (c) => c.json(await (await display(c)).settings(c.req.valid("query").userId), 200),
  )
  .openapi(
    post(
      P.save,
      "Set a display user's screens: the ticked ones, in order, with their seconds",
      SaveDisplayBody,
      DisplaySettingsView,
      CONFIGURE,
    ),
    async (c) => c.json(await (await display(c)).save(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      P.rotation,
      "Your TV's rotation: each screen's page and seconds",
      { query: z.object({}) },
      Rotation,
      SHOW,
    ),
    async (c) => c.json(await (await display(c)).rotation(), 200),
  );
