/**
 * Files the API answers with (a PDF, a CSV): their OpenAPI responses and the answer itself, downloaded under
 * a name and never cached (a report is read fresh each time).
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../access/apiAccess.ts";
import { apiRoute, errorResponses } from "./openapi.ts";

const FILE_TYPES = {
  pdf: {
    mime: "application/pdf",
    description: "The PDF",
    schema: z.string().openapi({ type: "string", format: "binary" }),
  },
  csv: { mime: "text/csv; charset=utf-8", description: "The CSV file", schema: z.string() },
} as const;
type FileType = keyof typeof FILE_TYPES;

/** The responses of a route answering a file of this type (and the error catalogue). */
export function fileResponses<T extends FileType>(type: T) {
  const t = FILE_TYPES[type];
  return {
    200: { description: t.description, content: { [t.mime.split(";")[0]]: { schema: t.schema } } },
    ...errorResponses,
  };
}

/** The file as a download named `name` (without its extension). */
export function fileAnswer(body: Uint8Array | string, type: FileType, name: string): Response {
  const safe = name.replace(/[^\w .-]+/g, "-");
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": FILE_TYPES[type].mime,
      "Content-Disposition": `attachment; filename="${safe}.${type}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A GET answering a file: its path, what it is, who may, and its query or path parameters. */
export function fileRoute<P extends { query: z.ZodObject } | { params: z.ZodObject }>(o: {
  path: string;
  tags: string[];
  summary: string;
  access: AccessRule;
  request: P;
  type: FileType;
}) {
  return apiRoute({
    method: "get",
    path: o.path,
    tags: o.tags,
    summary: o.summary,
    access: o.access,
    request: o.request,
    responses: fileResponses(o.type),
  });
}
