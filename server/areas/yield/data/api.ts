/**
 * api/yield/… cartons in: the plant's boning room system sends batches of cartons with its integration
 * key (or a person who may upload files sends them), and the latest batches are listed.
 */
import type { Context } from "hono";
import { desc } from "drizzle-orm";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { cartonImports } from "../../../../db/tenant/schema.ts";
import { areaApi } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { importCartons } from "./operations/importCartons.ts";
import { CartonImport, CartonImportResult, CartonImportsQuery, PostCartonsBody } from "./schemas.ts";

export const YIELD_DATA_API = {
  postCartons: "/api/yield/PostCartons",
  cartonImports: "/api/yield/GetCartonImports",
} as const;

const UPLOAD: AccessRule = { pages: ["dataupload", "superFileUpload"] };
/** a plant system with its key; a person who may upload files */
const PLANT_SENDS: AccessRule = { ...UPLOAD, integration: true };

const keyName = (c: Context<AppEnv>) =>
  c.get("authVia") === "apiKey"
    ? `API: ${c.get("caller")?.user.firstName || "integration key"}`
    : "API batch";

const api = areaApi(["Yield: cartons in"]);

api.post(
  YIELD_DATA_API.postCartons,
  "A batch of cartons from the boning room's systems (integration key), up to 1 MB (about 4,000 " +
    "cartons; send a day in batches). Every row is checked first: one bad row rejects the batch (400 " +
    "listing rows; nothing written). A serial sent again replaces its carton. The runs it touched get " +
    "their daily summaries rebuilt.",
  PostCartonsBody,
  CartonImportResult,
  PLANT_SENDS,
  (ctx, body, c) => importCartons(ctx, body.cartons, { kind: "api", name: keyName(c) }),
);

api.get(
  YIELD_DATA_API.cartonImports,
  "The latest carton batches, newest first",
  { query: CartonImportsQuery },
  z.array(CartonImport),
  UPLOAD,
  (ctx, q) => recentCartonImports(ctx, q.limit ?? 50),
);

export const yieldDataApi = api.router();

/** The latest carton batches (at most `limit`). */
export async function recentCartonImports(ctx: AreaContext, limit: number) {
  return await ctx.db.select().from(cartonImports).orderBy(desc(cartonImports.sentAt), desc(cartonImports.id))
    .limit(limit);
}
