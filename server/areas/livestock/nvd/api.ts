/**
 * api/livestock/… NVD matching (issue 39 item 5; spec 1 §2 matchOrderNVDs). Whoever can open Match Order
 * NVDs reads the lists, uploads an NVD, matches and unmatches; the plant's systems post an NVD's fields
 * with an integration key (the kill floor's convention for machine callers). The upload is read as a
 * stream (storage/operations/upload.ts): the typed fields first, the file straight into the store.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { ApiError, ApiErrorBodySchema } from "../../../http/errors.ts";
import { errorResponses, okJson } from "../../../http/openapi.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { streamUpload } from "../../storage/operations/upload.ts";
import { MAP_IMAGE_TYPES } from "../../storage/rules.ts";
import { matchNvd, NVD_FILE_MAX_BYTES, nvdFile, postNvd, unmatchNvd, uploadNvd } from "./operations.ts";
import { NVD_FILE_PATH, nvdMatching, orderNvd } from "./queries.ts";
import {
  MatchingQuery,
  MatchNvdBody,
  NVD_UPLOAD_FORM,
  NvdDocument,
  NvdFormFields,
  NvdIdParam,
  NvdMatching,
  OrderIdParam,
  OrderNvd,
  PostNvdBody,
  ReceivedNvd,
  UnmatchNvdBody,
} from "./schemas.ts";

/** The paths the page and its island call: one spelling. */
export const NVD_API = {
  matching: "/api/livestock/GetNvdMatching",
  uploadNvd: "/api/livestock/UploadNvd",
  postNvd: "/api/livestock/PostNvd",
  matchNvd: "/api/livestock/MatchNvdToOrder",
  unmatchNvd: "/api/livestock/UnmatchNvd",
  orderNvd: "/api/livestock/GetOrderNvd",
  /** + `/{nvdDocumentId}` */
  file: NVD_FILE_PATH,
} as const;

/** The upload's body limit, above the app's 1 MB (a multipart form carries a little more than its file). */
export const NVD_BODY_LIMITS: Readonly<Record<string, number>> = {
  [NVD_API.uploadNvd]: NVD_FILE_MAX_BYTES + 64 * 1024,
};

const MATCHING: AccessRule = { pages: ["matchOrderNVDs"] };
const PLANT_SENDS: AccessRule = { ...MATCHING, integration: true };
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

const api = areaApi(["Livestock: NVDs"]);

api.get(
  NVD_API.matching,
  "NVD matching: unmatched NVDs with suggested orders (ranked, with the reason), the orders delivered " +
    "in the period without an NVD, and matched NVDs whose head differs from the head delivered",
  { query: MatchingQuery },
  NvdMatching,
  MATCHING,
  nvdMatching,
);

api.route(
  {
    method: "post",
    path: NVD_API.uploadNvd,
    summary: "Upload an NVD (multipart: serialNumber, pic, nvdDate, head, description, consignee, then " +
      "file: a PDF or a photo up to 10 MB); matched at once when its serial is exactly one order's NVD number",
    access: MATCHING,
    request: {
      body: { content: { "multipart/form-data": { schema: NVD_UPLOAD_FORM } }, required: true },
    },
    responses: {
      ...okJson(ReceivedNvd),
      413: { description: "The file is over 10 MB", content: errorContent },
      415: { description: "Not a PDF, PNG, JPEG or WebP (or not a multipart form)", content: errorContent },
    },
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    const answer = await streamUpload(c, (fields, file) => {
      const parsed = NvdFormFields.safeParse({
        serialNumber: fields.serialnumber ?? "",
        pic: fields.pic,
        nvdDate: fields.nvddate ?? "",
        head: fields.head ?? "",
        description: fields.description,
        consignee: fields.consignee,
      });
      if (!parsed.success) throw ApiError.fromZod(parsed.error);
      return uploadNvd(ctx, parsed.data, file);
    });
    return c.json(answer, 200);
  },
);

api.post(
  NVD_API.postNvd,
  "An NVD sent by the plant's systems (its fields, no file; an integration key may call it); matched at " +
    "once when its serial is exactly one order's NVD number",
  PostNvdBody,
  ReceivedNvd,
  PLANT_SENDS,
  postNvd,
);

api.post(
  NVD_API.matchNvd,
  "Match an NVD to an order by hand (409 when the NVD or the order is already matched, or the NVD changed)",
  MatchNvdBody,
  NvdDocument,
  MATCHING,
  matchNvd,
);

api.post(
  NVD_API.unmatchNvd,
  "Take an NVD off its order (409 when it is not matched or changed since it was read)",
  UnmatchNvdBody,
  NvdDocument,
  MATCHING,
  unmatchNvd,
);

api.get(
  `${NVD_API.orderNvd}/{livestockOrderId}`,
  "An order's NVD fields: isLinkedNvd, nvdPdfUrl, the order's NVD number and PIC, and the NVD matched",
  { params: OrderIdParam },
  OrderNvd,
  MATCHING,
  (ctx, { livestockOrderId }) => orderNvd(ctx, livestockOrderId),
);

api.stored(
  `${NVD_API.file}/{nvdDocumentId}`,
  "An NVD's file as uploaded (a PDF downloads; a photo shows); 404 when it was sent without one",
  { params: NvdIdParam },
  {
    // a PDF or a photo, as it was uploaded
    200: {
      description: "The NVD's file",
      content: Object.fromEntries(
        ["application/pdf", ...Object.values(MAP_IMAGE_TYPES)].map((type) => [
          type,
          { schema: z.string().openapi({ format: "binary" }) },
        ]),
      ),
    },
    304: { description: "Not modified since the ETag sent in If-None-Match" },
    ...errorResponses,
  },
  MATCHING,
  async (ctx, { nvdDocumentId }) => ({ ...(await nvdFile(ctx, nvdDocumentId)), inlineImage: true }),
);

export const nvdApi = api.router();
