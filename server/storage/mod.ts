/**
 * The app's blob store, chosen by configuration: STORAGE_URL empty = files under `${DATA_DIR}/files`;
 * `s3+https://KEY:SECRET@host/bucket` = an S3-compatible object store (several app instances share it).
 */
import type { BlobStore } from "./blobStore.ts";
import { DiskBlobStore } from "./disk.ts";
import { S3BlobStore } from "./s3.ts";

export type { BlobBody, BlobInfo, BlobListItem, BlobStore, PutOptions } from "./blobStore.ts";
export { BlobTooLargeError, isSafeKey, isSafePrefix, limitStream } from "./blobStore.ts";

export function createBlobStore(config: { DATA_DIR: string; STORAGE_URL: string }): BlobStore {
  return config.STORAGE_URL
    ? new S3BlobStore(config.STORAGE_URL)
    : new DiskBlobStore(`${config.DATA_DIR}/files`);
}
