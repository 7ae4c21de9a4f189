/** Storage rules (pure): which map images are taken, and what a file's first bytes say it is. */

/** A published report uploaded in place of the kept PDF (a signed or stamped copy): at most 10 MB. */
export const PUBLISHED_REPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Whether the bytes start as a PDF does ("%PDF-"). */
export const isPdf = (head: Uint8Array) =>
  head.length >= 5 && new TextDecoder().decode(head.subarray(0, 5)) === "%PDF-";

export const MAP_IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;

export type MapImageExtension = keyof typeof MAP_IMAGE_TYPES;

/** The image kind its first bytes show (never the name or the declared type), or null. */
export function sniffImage(head: Uint8Array): MapImageExtension | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** "2.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A tenant data blob (Files & publishing, other screens' files): at most 20 MB. */
export const TENANT_BLOB_MAX_BYTES = 20 * 1024 * 1024;
/** A support blob (support content images and attachments): at most 10 MB. */
export const SUPPORT_BLOB_MAX_BYTES = 10 * 1024 * 1024;

type Sniff = "pdf" | "image" | "zip" | "text";

/**
 * The kinds of file kept, by the name's extension; the content type comes from here, never from the
 * browser. Markup and scripts (HTML, SVG, JS) are refused: a download must never run in our pages.
 */
export const BLOB_TYPES: Readonly<Record<string, { contentType: string; sniff: Sniff }>> = {
  pdf: { contentType: "application/pdf", sniff: "pdf" },
  png: { contentType: "image/png", sniff: "image" },
  jpg: { contentType: "image/jpeg", sniff: "image" },
  jpeg: { contentType: "image/jpeg", sniff: "image" },
  webp: { contentType: "image/webp", sniff: "image" },
  csv: { contentType: "text/csv; charset=utf-8", sniff: "text" },
  txt: { contentType: "text/plain; charset=utf-8", sniff: "text" },
  json: { contentType: "application/json", sniff: "text" },
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    sniff: "zip",
  },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    sniff: "zip",
  },
};

export const BLOB_TYPE_WORDS = "a PDF, a PNG, JPEG or WebP image, a CSV, text or JSON file, or an Excel or " +
  "Word document";

/** The extension of a name, lower case ("" when it has none). */
export const extensionOf = (name: string) =>
  name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";

/** The kind a name says, when it is one that is kept. */
export function blobTypeOf(name: string) {
  const ext = extensionOf(name);
  return Object.hasOwn(BLOB_TYPES, ext) ? { ext, ...BLOB_TYPES[ext] } : null;
}

/** How many first bytes the check needs. */
export const SNIFF_BYTES = 16;

/**
 * Whether the first bytes agree with the kind the name says: a PDF starts "%PDF-", an image is the image
 * its extension says, an Office document is a ZIP, a text file has no NUL byte.
 */
export function headMatches(ext: string, head: Uint8Array): boolean {
  const kind = BLOB_TYPES[ext]?.sniff;
  switch (kind) {
    case "pdf":
      return isPdf(head);
    case "image": {
      const seen = sniffImage(head);
      return seen !== null && (seen === ext || (seen === "jpg" && ext === "jpeg"));
    }
    case "zip":
      return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
    case "text":
      return !head.includes(0);
    default:
      return false;
  }
}

/**
 * A file's name as a blob name: letters, digits, `.`, `_` and `-` only (others become `-`), starting with a
 * letter or digit, its extension kept, at most 120 characters. "" when nothing usable is left.
 */
export function safeBlobName(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? "";
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, "") : "";
  const stem = (dot > 0 ? base.slice(0, dot) : base).normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^[-_]+|[-_]+$/g, "").slice(0, 100);
  if (!stem || !ext) return "";
  return `${stem}.${ext}`;
}
