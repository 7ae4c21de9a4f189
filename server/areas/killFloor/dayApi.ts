/**
 * api/killfloor/… for the office: a day's kill floor data, its carcasses a page at a time, corrections
 * (module killFloorCorrections), the plant simulator (testers), and the files owed to others as CSV.
 */
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi, type In } from "../areaApi.ts";
import { pageOf } from "../../http/params.ts";
import type { AreaContext } from "../context.ts";
import { carcassPage, exportRows, killFloorDay } from "./queries.ts";
import { correctCarcass } from "./operations/correctCarcass.ts";
import { simulate } from "./operations/simulate.ts";
import { msaGradingFile, nlisKillFile, supplierFeedbackFile } from "./exportFiles.ts";
import { KILL_FLOOR_API as K } from "./rules.ts";
import {
  Carcass,
  CarcassesQuery,
  CorrectCarcassBody,
  FeedbackQuery,
  ImportResult,
  KillFloorDay,
  KillFloorDayQuery,
  SimulateKillBody,
} from "./schemas.ts";

export const DAY_READ: AccessRule = { pages: ["carcassdistribution"] };
export const CORRECT: AccessRule = { pages: ["carcassdistribution"], modules: ["killFloorCorrections"] };
export const SIMULATE: AccessRule = { pages: ["superTesting", "testerHome"] };

/** A day's CSV file: the day's export rows written out, named for its kind, species and day. */
const dayFile =
  (kind: string, csv: (data: Awaited<ReturnType<typeof exportRows>>) => string) =>
  async (ctx: AreaContext, q: In<typeof KillFloorDayQuery>) => {
    const data = await exportRows(ctx, q);
    return { body: csv(data), name: `${kind}-${data.species.toLowerCase()}-${data.date}` };
  };

const api = areaApi(["Kill floor: the day"]);

api.get(
  K.day,
  "A day's kill floor data: its mobs with head counts reconciled, totals and distributions",
  { query: KillFloorDayQuery },
  KillFloorDay,
  DAY_READ,
  killFloorDay,
);

api.page(
  K.carcasses,
  "A page of the day's carcasses in kill order (one mob's when given); paged, the total in X-Total-Count",
  { query: CarcassesQuery },
  Carcass,
  DAY_READ,
  (ctx, q) => carcassPage(ctx, q, pageOf(q)),
);

api.post(
  K.correctCarcass,
  "Correct one carcass (weight, fat, grade, dentition, condemnation) with a reason; audited",
  CorrectCarcassBody,
  Carcass,
  CORRECT,
  correctCarcass,
);

api.post(
  K.simulateKill,
  "Plant simulator (demo and tests): carcass records for the day's mobs at the kill floor without any",
  SimulateKillBody,
  ImportResult,
  SIMULATE,
  simulate,
);

api.file(
  K.nlisFile,
  "The day's NLIS kill file (device or vendor PIC, kill date, body number, HSCW) as CSV",
  { query: KillFloorDayQuery },
  "csv",
  DAY_READ,
  dayFile("nlis-kill", (data) => nlisKillFile(data.rows, data.plantPic)),
);

api.file(
  K.msaFile,
  "The day's MSA grading data (the MSA-graded carcasses) as CSV",
  { query: KillFloorDayQuery },
  "csv",
  DAY_READ,
  dayFile("msa-grading", (data) => msaGradingFile(data.rows)),
);

api.file(
  K.feedbackFile,
  "A supplier's feedback file: one row per carcass with every grading field, for a day or a " +
    "range of at most 31 days (date to `to`), as CSV a farm's software imports",
  { query: FeedbackQuery },
  "csv",
  DAY_READ,
  async (ctx, q) => {
    const data = await exportRows(ctx, q);
    const supplier = data.rows[0]?.supplierName.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase() || q.supplierId;
    return { body: supplierFeedbackFile(data.rows), name: `feedback-${supplier}-${data.date}` };
  },
);

export const killFloorDayApi = api.router();
