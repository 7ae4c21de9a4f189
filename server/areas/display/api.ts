/**
 * api/display/…: a display user's screens (admins for any display user of the tenant, a display user for
 * itself) and the rotation the TV runs.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import { displaySettings, displayUsers, rotation, saveDisplaySettings } from "./operations.ts";
import { DISPLAY_API as P } from "./paths.ts";
import { DisplaySettingsView, DisplayUser, DisplayUserQuery, Rotation, SaveDisplayBody } from "./schemas.ts";

const CONFIGURE: AccessRule = { pages: ["displayConfigure"] };
const SHOW: AccessRule = { pages: ["displayHome"] };
const api = areaApi(["Display carousel"]);

api.get(
  P.users,
  "The display users whose screens you may set",
  { query: z.object({}) },
  z.array(DisplayUser),
  CONFIGURE,
  displayUsers,
);

api.get(
  P.settings,
  "A display user's screens and the screens it could show",
  { query: DisplayUserQuery },
  DisplaySettingsView,
  CONFIGURE,
  (ctx, { userId }) => displaySettings(ctx, userId),
);

api.post(
  P.save,
  "Set a display user's screens: the ticked ones, in order, with their seconds",
  SaveDisplayBody,
  DisplaySettingsView,
  CONFIGURE,
  saveDisplaySettings,
);

api.get(
  P.rotation,
  "Your TV's rotation: each screen's page and seconds",
  { query: z.object({}) },
  Rotation,
  SHOW,
  rotation,
);

export const displayApi = api.router();
