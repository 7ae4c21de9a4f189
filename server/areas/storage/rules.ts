/** Storage rules (pure): which map images are taken, and what a file's first bytes say it is. */

/** The largest map image taken (spec: ≤ 5 MB). */
export const MAP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
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

/** The extension a map image key ends with, when it is one of ours. */
export function extensionOfKey(key: string): MapImageExtension | null {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ext in MAP_IMAGE_TYPES ? ext as MapImageExtension : null;
}
