/**
 * api/killfloor/… for the office: a day's kill floor data, its carcasses a page at a time, corrections
 * (module killFloorCorrections), the plant simulator (testers), and the files owed to others as CSV.
 */
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { fileAnswer, fileRoute } from "../../http/files.ts";
import { apiService } from "../context.ts";
import { KillFloorQueries } from "./queries.ts";
import { KillFloorCommands } from "./commands.ts";
import { msaGradingFile, nlisKillFile, supplierFeedbackFile } from "./exportFiles.ts";
import { KILL_FLOOR_API as K } from "./rules.ts";
import {
  Carcass,
  CarcassesQuery,
  CarcassPage,
  CorrectCarcassBody,
  FeedbackQuery,
  ImportResult,
  KillFloorDay,
  KillFloorDayQuery,
  SimulateKillBody,
} from "./schemas.ts";

const tags = ["Kill floor: the day"];
const { get, post } = areaRoutes(tags);
export const DAY_READ: AccessRule = { pages: ["carcassdistribution"] };
export const CORRECT: AccessRule = { pages: ["carcassdistribution"], modules: ["killFloorCorrections"] };
export const SIMULATE: AccessRule = { pages: ["superTesting", "testerHome"] };

const queries = (c: Context<AppEnv>) => apiService(c, KillFloorQueries);
const commands = (c: Context<AppEnv>) => apiService(c, KillFloorCommands);

const fileName = (kind: string, d: { species: string; date: string }) =>
  `${kind}-${d.species.toLowerCase()}-${d.date}`;

export const killFloorDayApi: ApiRouter = apiRouter()
  .openapi(
    get(
      K.day,
      "A day's kill floor data: its mobs with head counts reconciled, totals and distributions",
      { query: KillFloorDayQuery },
      KillFloorDay,
      DAY_READ,
    ),
    async (c) => c.json(await (await queries(c)).killFloorDay(c.req.valid("query")), 200),
  )
  .openapi(
    get(
      K.carcasses,
      "A page of the day's carcasses in kill order (at most 500; one mob's when given)",
      { query: CarcassesQuery },
      CarcassPage,
      DAY_READ,
    ),
    async (c) => c.json(await (await queries(c)).carcasses(c.req.valid("query")), 200),
  )
  .openapi(
    post(
      K.correctCarcass,
      "Correct one carcass (weight, fat, grade, dentition, condemnation) with a reason; audited",
      CorrectCarcassBody,
      Carcass,
      CORRECT,
    ),
    async (c) => c.json(await (await commands(c)).correctCarcass(c.req.valid("json")), 200),
  )
  .openapi(
    post(
      K.simulateKill,
      "Plant simulator (demo and tests): carcass records for the day's mobs at the kill floor without any",
      SimulateKillBody,
      ImportResult,
      SIMULATE,
    ),
    async (c) => c.json(await (await commands(c)).simulate(c.req.valid("json")), 200),
  )
  .openapi(
    fileRoute({
      path: K.nlisFile,
      tags,
      summary: "The day's NLIS kill file (device or vendor PIC, kill date, body number, HSCW) as CSV",
      access: DAY_READ,
      request: { query: KillFloorDayQuery },
      type: "csv",
    }),
    async (c) => {
      const data = await (await queries(c)).exportRows(c.req.valid("query"));
      return fileAnswer(nlisKillFile(data.rows, data.plantPic), "csv", fileName("nlis-kill", data));
    },
  )
  .openapi(
    fileRoute({
      path: K.msaFile,
      tags,
      summary: "The day's MSA grading data (the MSA-graded carcasses) as CSV",
      access: DAY_READ,
      request: { query: KillFloorDayQuery },
      type: "csv",
    }),
    async (c) => {
      const data = await (await queries(c)).exportRows(c.req.valid("query"));
      return fileAnswer(msaGradingFile(data.rows), "csv", fileName("msa-grading", data));
    },
  )
  .openapi(
    fileRoute({
      path: K.feedbackFile,
      tags,
      summary: "A supplier's feedback file: one row per carcass with every grading field, for a day or a " +
        "range of at most 31 days (date to `to`), as CSV a farm's software imports",
      access: DAY_READ,
      request: { query: FeedbackQuery },
      type: "csv",
    }),
    async (c) => {
      const q = c.req.valid("query");
      const data = await (await queries(c)).exportRows(q);
      const name = `feedback-${
        data.rows[0]?.supplierName.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase() || q.supplierId
      }-${data.date}`;
      return fileAnswer(supplierFeedbackFile(data.rows), "csv", name);
    },
  );
