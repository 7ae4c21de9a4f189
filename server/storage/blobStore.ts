/**
 * One place for files (spec 2 §7.5 "Blob storage"): a key-value store of byte streams with a content type
 * and a few metadata strings. Two implementations: files under DATA_DIR (disk.ts, the default) and an
 * S3-compatible object store by URL (s3.ts, for several app instances). Areas never touch the disk or the
 * object store themselves: they name a key and hand a stream. Keys are checked here as a last guard
 * (callers check tenant scope and names first, with words a person can read).
 */

/** What a store knows of one blob. */
export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  /** quoted, as HTTP sends it: `"…"` */
  etag: string;
  lastModified: Date;
  /** small strings kept with the blob (ASCII-safe: they are encoded by the store) */
  metadata: Record<string, string>;
}

/** A blob open for reading: stream `body` or `cancel()` it. */
export interface BlobBody extends BlobInfo {
  body: ReadableStream<Uint8Array>;
}

/** One row of a listing (a listing carries no content type or metadata: object stores do not give them). */
export interface BlobListItem {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface PutOptions {
  contentType: string;
  /** the most bytes taken: past it the write stops, nothing is left behind and BlobTooLargeError is thrown */
  maxBytes: number;
  metadata?: Record<string, string>;
}

export interface BlobStore {
  /** Human name of where blobs go ("files under ./data/files", "object store …"). */
  readonly description: string;
  /**
   * Writes the stream under the key, replacing what was there only once the whole stream was taken. An
   * error of the stream (or the limit) leaves the previous blob, or nothing, in place and is rethrown.
   */
  put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<BlobInfo>;
  /** The blob open for streaming; null when there is none. */
  get(key: string): Promise<BlobBody | null>;
  head(key: string): Promise<BlobInfo | null>;
  /** Blobs whose key starts with the prefix, in key order, at most `limit` of them. */
  list(prefix: string, limit: number): Promise<{ items: BlobListItem[]; truncated: boolean }>;
  /** Whether there was a blob to delete. */
  delete(key: string): Promise<boolean>;
}

/** A stream went past its byte limit. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob is over ${maxBytes} bytes`);
  }
}

/** Keys are `a/b/c.ext`: segments of letters, digits, `.`, `_`, `-`, none starting with a dot. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_KEY_LENGTH = 400;

export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every((s) => SEGMENT.test(s));
}

/** A prefix is a safe key, possibly ending in `/`, or empty. */
export function isSafePrefix(prefix: string): boolean {
  return prefix === "" || isSafeKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}

/** Last guard of the stores: a key that could leave the store's folder never reaches the disk. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe blob key: ${JSON.stringify(key).slice(0, 100)}`);
}

export function assertSafePrefix(prefix: string): void {
  if (!isSafePrefix(prefix)) throw new Error(`Unsafe blob prefix: ${JSON.stringify(prefix).slice(0, 100)}`);
}

/**
 * The stream passed through while counting: errors with BlobTooLargeError once more than `maxBytes` went by
 * (before the chunk that crosses the limit is passed on). Backpressure is kept: nothing is read ahead.
 */
export function limitStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new BlobTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** Metadata values as ASCII (object stores send them as headers). */
export const encodeMeta = (value: string) => encodeURIComponent(value);
export const decodeMeta = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
