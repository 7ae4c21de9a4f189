/** The display carousel at the API boundary: a display user's rotation of screens. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../http/params.ts";
import { SCREEN_KINDS, SECONDS } from "../../../display/rotation.ts";

const seconds = z.number({ error: "Enter how many seconds the screen stays." }).int("Whole seconds.")
  .min(SECONDS.min, `At least ${SECONDS.min} seconds.`).max(SECONDS.max, `At most ${SECONDS.max} seconds.`);

export const DisplayScreen = z.object({
  kind: z.enum(SCREEN_KINDS, { error: "Choose a screen the carousel can show." }),
  species: z.string().max(40).optional(),
  stockyardId: z.number().int().positive().optional(),
  index: z.number().int().min(0).optional().openapi({ description: "yieldCarcass: the view's number" }),
  reportId: z.number().int().positive().optional().openapi({ description: "a yield report screen's report" }),
  seconds,
}).openapi("DisplayScreen");

export const DisplayUserQuery = z.object({
  userId: idNumber().optional().openapi({ description: "the display user (default: you)" }),
});

/** What the configure form sends: a row per choice, ticked or not, with its seconds. */
export const SaveDisplayBody = z.object({
  userId: z.number().int().positive().optional(),
  choices: z.array(z.object({
    key: z.string().max(80),
    on: z.boolean().default(false),
    seconds: seconds.nullish(),
  })).max(60),
}).openapi("SaveDisplaySettingsBody");
export type SaveDisplayBody = z.infer<typeof SaveDisplayBody>;

export const ScreenChoice = z.object({
  key: z.string(),
  label: z.string(),
  screen: DisplayScreen,
  path: z.string(),
});

export const DisplaySettingsView = z.object({
  userId: z.number(),
  userName: z.string(),
  /** the rotation as it runs (the default screens until someone configures it) */
  screens: z.array(DisplayScreen),
  isConfigured: z.boolean(),
  choices: z.array(ScreenChoice),
}).openapi("DisplaySettings");
export type DisplaySettingsView = z.infer<typeof DisplaySettingsView>;

export const Rotation = z.object({
  screens: z.array(z.object({ path: z.string(), seconds: z.number(), label: z.string() })),
}).openapi("DisplayRotation");

export const DisplayUser = z.object({ id: z.number(), name: z.string(), email: z.string() }).openapi(
  "DisplayUser",
);
