/** A farm user's notice read marks (issue 44 §6): mark one or several read, or every notice listed now. */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { markNoticesRead } from "./operations.ts";
import { NOTICE_KEY_MAX } from "./rules.ts";

export const NOTICES_API = { markRead: "/api/producer/MarkProducerNoticesRead" } as const;

/** Every user of the farm who can open the portal marks their own notices. */
const PORTAL_USER: AccessRule = { pages: ["producerportal"], tenantCategory: "producer" };

const MarkNoticesReadBody = z.object({
  noticeKeys: z.array(z.string().min(1).max(NOTICE_KEY_MAX)).min(1, "Name a notice").max(100).optional(),
  all: z.literal(true).optional(),
}).refine((b) => Boolean(b.noticeKeys) !== Boolean(b.all), {
  message: "Name the notices to mark read, or mark them all",
  path: ["noticeKeys"],
}).openapi("MarkProducerNoticesReadBody");

const api = areaApi(["Producer portal: notices"]);

api.post(
  NOTICES_API.markRead,
  "Mark notices read for the signed-in user: those named by key, or all the home lists now (all: true)",
  MarkNoticesReadBody,
  z.object({ marked: z.number().int() }).openapi("MarkProducerNoticesReadAnswer"),
  PORTAL_USER,
  markNoticesRead,
);

export const noticesApi = api.router();
