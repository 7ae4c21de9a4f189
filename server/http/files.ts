/**
 * Files the API answers with (a PDF, a CSV, a stored upload): their OpenAPI responses and the answer itself,
 * downloaded under a name. A file is never a page of ours: it is downloaded (`attachment`), the browser may
 * not guess another type (`nosniff`), and should it be opened anyway it runs in a sandbox with nothing
 * allowed (FILE_POLICY). Only a stored image of a type the app shows in an <img> (a logo, a site map)
 * is answered inline (docs/decisions.md "Files are downloads, never pages").
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
  aba: {
    mime: "text/plain; charset=us-ascii",
    description: "The bank payment file (ABA)",
    schema: z.string(),
  },
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** The responses of a route answering a file of this type (and the error catalogue). */
export function fileResponses<T extends FileType>(type: T) {
  const t = FILE_TYPES[type];
  return {
    200: { description: t.description, content: { [t.mime.split(";")[0]]: { schema: t.schema } } },
    ...errorResponses,
  };
}

/**
 * The policy of a file's answer: no script, style, frame or fetch, and a sandbox (an opaque origin, no
 * script) should a browser render it as a document. The app's page policy is not put over it
 * (server/http/securityHeaders.ts keeps a policy the answer already has).
 */
export const FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** The image types shown inline (in an <img>): never SVG, which is a document that can run script. */
const INLINE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** Whether a stored file may be answered inline: only a raster image of a type the app shows. */
export const isInlineImageType = (contentType: string) =>
  INLINE_IMAGE_TYPES.has(contentType.split(";")[0].trim().toLowerCase());

/**
 * `Content-Disposition` for a download named `name` (RFC 6266): a plain ASCII `filename` every browser
 * reads, and `filename*` with the name as given (UTF-8) for those that read it (all current ones).
 * Quotes, backslashes, control characters and path separators never reach the header.
 */
export function contentDisposition(kind: "attachment" | "inline", name?: string): string {
  if (!name) return kind;
  const clean = name.replace(/[\p{Cc}"\\/]+/gu, "-").trim() || "file";
  const ascii = clean.normalize("NFKD").replace(/\p{M}+/gu, "").replace(/[^\x20-\x7e]+/g, "-")
    .replace(/[^\w .()-]+/g, "-") || "file";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(clean)}`;
}

/** Percent-encoding of RFC 5987 `value-chars` (encodeURIComponent leaves ' ( ) * which are not allowed). */
const encodeRFC5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers every file answer carries, whatever else it says. */
const FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": FILE_POLICY,
} as const;

/** The headers of a file made on the fly (a template, an export) downloaded as `name`. */
export function downloadHeaders(contentType: string, name: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": contentDisposition("attachment", name),
    ...FILE_HEADERS,
  };
}

/**
 * The file as a download named `name` (without its extension), never cached (a report is read fresh). A
 * stream goes out as it is made (the compression middleware gzips a streamed CSV chunk by chunk).
 */
export function fileAnswer(
  body: Uint8Array | string | ReadableStream<Uint8Array>,
  type: FileType,
  name: string,
): Response {
  return new Response(
    typeof body === "string" || body instanceof ReadableStream ? body : new Uint8Array(body),
    {
      headers: {
        "Content-Type": FILE_TYPES[type].mime,
        "Content-Disposition": contentDisposition("attachment", `${name}.${type}`),
        "Cache-Control": "no-store",
        ...FILE_HEADERS,
      },
    },
  );
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
 * A stored file as the answer: its type, length and ETag (a 304 when the browser's copy matches),
 * downloaded under `fileName`, kept by the browser for a day when `allowCache`, else asked for again each
 * time. Only the user's own browser keeps it (private). `inlineImage`: an image the app shows in an <img>
 * (a logo, a site map), answered inline only when its stored type is a raster image we show (the upload
 * checked its first bytes); anything else, an uploaded SVG or HTML above all, is a download.
 */
export async function storedFileAnswer(
  c: Context,
  file: StoredFile,
  o: { fileName?: string; inlineImage?: boolean; allowCache?: boolean },
): Promise<Response> {
  const inline = o.inlineImage === true && isInlineImageType(file.contentType);
  const headers: Record<string, string> = {
    "Content-Type": file.contentType || "application/octet-stream",
    ETag: file.etag,
    "Cache-Control": o.allowCache ? "private, max-age=86400" : "private, no-cache",
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", o.fileName),
    ...FILE_HEADERS,
    ...(file.lastModified ? { "Last-Modified": file.lastModified.toUTCString() } : {}),
  };
  if (c.req.header("if-none-match") === file.etag) {
    await file.body.cancel();
    return c.body(null, 304, headers);
  }
  return c.body(file.body, 200, { ...headers, "Content-Length": String(file.size) });
}
