/**
 * NVD changes (issue 39 item 5): an NVD received (uploaded with its file, or sent by the plant's
 * systems), matched to an order by hand or at once when its serial is exactly one order's NVD number,
 * and unmatched. Each change is one unit with its audit row. An order holds at most one NVD and an NVD
 * at most one order: a second match is refused (409), as is a change to an NVD someone else changed.
 */
import { and, eq, isNull } from "drizzle-orm";
import { nvdDocuments } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { StoredFile } from "../../../http/files.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { Unit } from "../../unit.ts";
import { announceOrdersChanged } from "../orders/writes.ts";
import { displayName } from "../../audit.ts";
import { isPdf, MAP_IMAGE_TYPES, sniffImage } from "../../storage/rules.ts";
import { peekHead, tooLargeInWords } from "../../storage/operations/upload.ts";
import { automaticMatch, nvdProblems } from "./rules.ts";
import {
  assertNvdVisible,
  candidateOrders,
  findNvd,
  findOrder,
  nvdDto,
  type NvdRow,
  ordersWithNvd,
  suggestionsFor,
} from "./queries.ts";
import type { MatchNvdBody, NvdFields, UnmatchNvdBody } from "./schemas.ts";
import type { z } from "@hono/zod-openapi";

export const NVD_ENTITY = "nvdDocument";
/** The largest NVD file kept: a scanned PDF or a phone's photo. */
export const NVD_FILE_MAX_BYTES = 10 * 1024 * 1024;
const NVD_FILE_TYPES = { pdf: "application/pdf", ...MAP_IMAGE_TYPES } as const;

type Fields = z.infer<typeof NvdFields>;

/** The tenant's own space in the store: nothing of another tenant's can be named from here. */
const tenantKey = (ctx: AreaContext, local: string) => `tenant-${ctx.tenantId}/${local}`;

function checkFields(fields: Fields) {
  const problems = nvdProblems(fields);
  if (problems.length) throw ApiError.validation(problems);
}

/**
 * Keeps an NVD typed beside its uploaded file (a PDF or a photo, told by its first bytes, ≤ 10 MB). The
 * file is stored first and the row after; a row that cannot be written takes its file away again.
 */
export async function uploadNvd(
  ctx: AreaContext,
  fields: Fields,
  file: { fileName: string; body: ReadableStream<Uint8Array> },
) {
  checkFields(fields);
  const { head, body } = await peekHead(file.body, 16);
  const ext = isPdf(head) ? "pdf" : sniffImage(head);
  if (head.byteLength === 0 || !ext) {
    await body.cancel();
    if (head.byteLength === 0) throw ApiError.validation([{ field: "file", message: "The file is empty" }]);
    throw new ApiError(
      415,
      "That file is not a PDF or a photo (PNG, JPEG or WebP): scan or photograph the NVD again.",
    );
  }
  const key = `nvds/${crypto.randomUUID()}.${ext}`;
  await ctx.app.storage.put(tenantKey(ctx, key), body, {
    contentType: NVD_FILE_TYPES[ext],
    maxBytes: NVD_FILE_MAX_BYTES,
  }).catch((error) => {
    throw tooLargeInWords(error, "NVD file");
  });
  try {
    return await receive(ctx, fields, {
      source: "upload",
      fileKey: key,
      fileName: file.fileName.slice(0, 200),
      contentType: NVD_FILE_TYPES[ext],
    });
  } catch (error) {
    await ctx.app.storage.delete(tenantKey(ctx, key)).catch(() => {});
    throw error;
  }
}

/** PostNvd: an NVD sent by the plant's systems, without a file. */
export function postNvd(ctx: AreaContext, fields: Fields) {
  checkFields(fields);
  return receive(ctx, fields, { source: "system", fileKey: null, fileName: "", contentType: null });
}

async function receive(
  ctx: AreaContext,
  fields: Fields,
  file: { source: "upload" | "system"; fileKey: string | null; fileName: string; contentType: string | null },
) {
  const row = await ctx.write(async (tx, unit) => {
    const sure = automaticMatch(fields, await candidateOrders(ctx, tx, fields));
    const now = nextModified();
    const [saved] = await tx.insert(nvdDocuments).values({
      ...fields,
      ...file,
      livestockOrderId: sure?.livestockOrderId ?? null,
      matchReason: sure?.reason ?? "",
      matchedAt: sure ? now : null,
      matchedBy: sure ? "Matched on arrival" : null,
      createdAt: now,
      lastModified: now,
    }).returning();
    await unit.audit({
      entity: NVD_ENTITY,
      entityId: saved.id,
      action:
        `NVD ${saved.serialNumber} received (${
          file.source === "upload" ? "uploaded" : "sent by the plant"
        })` +
        (sure ? `, matched to order ${sure.livestockOrderId}: ${sure.reason}` : ""),
      after: { ...fields, livestockOrderId: saved.livestockOrderId },
    });
    if (saved.livestockOrderId !== null) announceOrdersChanged(unit, [saved.livestockOrderId]);
    return saved;
  });
  return {
    nvd: nvdDto(row),
    suggestions: row.livestockOrderId === null ? await suggestionsFor(ctx, ctx.db, row) : [],
  };
}

/** Matches an NVD to an order by hand; the reason kept is the rule's when one holds. */
export async function matchNvd(ctx: AreaContext, body: z.infer<typeof MatchNvdBody>) {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findNvd(tx, body.nvdDocumentId);
    await assertNvdVisible(ctx, tx, current);
    assertUnchanged(current, body.lastModified, "NVD");
    if (current.livestockOrderId !== null) {
      throw ApiError.conflict(
        `NVD ${current.serialNumber} is already matched to order ${current.livestockOrderId}: unmatch it first.`,
      );
    }
    const order = await findOrder(ctx, tx, body.livestockOrderId);
    if ((await ordersWithNvd(tx, [order.id])).size) {
      throw ApiError.conflict(`Order ${order.id} already has an NVD: unmatch that one first.`);
    }
    const rule = (await suggestionsFor(ctx, tx, current)).find((s) => s.livestockOrderId === order.id);
    const now = nextModified(current.lastModified);
    const [saved] = await tx.update(nvdDocuments).set({
      livestockOrderId: order.id,
      matchReason: rule ? `Matched by hand: ${rule.reason}` : "Matched by hand",
      matchedAt: now,
      matchedBy: displayName(ctx.caller),
      lastModified: now,
    }).where(and(eq(nvdDocuments.id, current.id), isNull(nvdDocuments.livestockOrderId))).returning();
    if (!saved) {
      throw ApiError.conflict("That NVD was matched by someone else just now. Reload and try again.");
    }
    await auditMatch(unit, current, saved);
    return saved;
  });
  return nvdDto(row);
}

/** Takes an NVD off its order (matched wrongly): it is listed as unmatched again. */
export async function unmatchNvd(ctx: AreaContext, body: z.infer<typeof UnmatchNvdBody>) {
  const row = await ctx.write(async (tx, unit) => {
    const current = await findNvd(tx, body.nvdDocumentId);
    await assertNvdVisible(ctx, tx, current);
    assertUnchanged(current, body.lastModified, "NVD");
    if (current.livestockOrderId === null) {
      throw ApiError.conflict(`NVD ${current.serialNumber} is not matched to an order.`);
    }
    const [saved] = await tx.update(nvdDocuments).set({
      livestockOrderId: null,
      matchReason: "",
      matchedAt: null,
      matchedBy: null,
      lastModified: nextModified(current.lastModified),
    }).where(eq(nvdDocuments.id, current.id)).returning();
    await auditMatch(unit, current, saved);
    return saved;
  });
  return nvdDto(row);
}

async function auditMatch(unit: Unit, before: NvdRow, after: NvdRow) {
  // the order's NVD link changed: its page, the yard, the agenda's badge and this page re-read it
  announceOrdersChanged(unit, [after.livestockOrderId ?? before.livestockOrderId!]);
  await unit.audit({
    entity: NVD_ENTITY,
    entityId: after.id,
    action: after.livestockOrderId === null
      ? `Unmatched from order ${before.livestockOrderId}`
      : `Matched to order ${after.livestockOrderId}`,
    before: { livestockOrderId: before.livestockOrderId },
    after: { livestockOrderId: after.livestockOrderId, matchReason: after.matchReason },
  });
}

/** The NVD's file, open for streaming; 404 when it was sent without one. */
export async function nvdFile(ctx: AreaContext, id: number): Promise<{ file: StoredFile; fileName: string }> {
  const row = await findNvd(ctx.db, id);
  await assertNvdVisible(ctx, ctx.db, row);
  const blob = row.fileKey ? await ctx.app.storage.get(tenantKey(ctx, row.fileKey)) : null;
  if (!row.fileKey || !blob) throw ApiError.notFound("This NVD was sent without a file.");
  const ext = row.fileKey.slice(row.fileKey.lastIndexOf(".") + 1);
  return {
    file: {
      body: blob.body,
      contentType: row.contentType ?? "application/octet-stream",
      size: blob.size,
      etag: `"${blob.etag.replace(/"/g, "")}"`,
    },
    fileName: `NVD ${row.serialNumber}.${ext}`,
  };
}
