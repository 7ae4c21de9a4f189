/**
 * Files the API answers with (a PDF, a CSV): their OpenAPI responses and the answer itself, downloaded under
 * a name and never cached (a report is read fresh each time).
 */
import type { Context } from "hono";
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

const image = { schema: z.string().openapi({ type: "string", format: "binary" }) };

/** The responses of a route answering a stored image (a site map, a logo), with 304 on a matching ETag. */
export const imageResponses = {
  200: {
    description: "The image",
    content: { "image/png": image, "image/jpeg": image, "image/webp": image },
  },
  304: { description: "Not modified since the ETag sent in If-None-Match" },
  ...errorResponses,
};

/** A stored file as it is read from the blob store. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  etag: string;
  size: number;
  lastModified?: Date;
}

/**
 * A stored file as the answer: its type, length and ETag (a 304 when the browser's copy matches), shown in
 * the page or downloaded under `fileName`, kept by the browser for a day when `allowCache`, else asked for
 * again each time. Only the user's own browser keeps it (private).
 */
export async function storedFileAnswer(
  c: Context,
  file: StoredFile,
  o: { fileName?: string; inline: boolean; allowCache?: boolean },
): Promise<Response> {
  const name = o.fileName;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    ETag: file.etag,
    "Cache-Control": o.allowCache ? "private, max-age=86400" : "private, no-cache",
    "Content-Disposition": (o.inline ? "inline" : "attachment") +
      (name
        ? `; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${
          encodeURIComponent(name)
        }`
        : ""),
    "X-Content-Type-Options": "nosniff",
    ...(file.lastModified ? { "Last-Modified": file.lastModified.toUTCString() } : {}),
  };
  if (c.req.header("if-none-match") === file.etag) {
    await file.body.cancel();
    return c.body(null, 304, headers);
  }
  return c.body(file.body, 200, { ...headers, "Content-Length": String(file.size) });
}
