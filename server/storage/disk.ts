/**
 * Blobs as files under one folder (the default: `${DATA_DIR}/files`). A blob is written beside its place
 * as a hidden `.part` file and renamed in, so a reader never sees half a file and a refused upload leaves
 * nothing. Its content type, ETag and metadata are kept in a sidecar JSON under `.meta/` (keys never start
 * with a dot, so no blob can be named over a sidecar or a part file).
 */
import { createHash } from "node:crypto";
import {
  assertSafeKey,
  assertSafePrefix,
  type BlobBody,
  type BlobInfo,
  type BlobListItem,
  type BlobStore,
  limitStream,
  type PutOptions,
} from "./blobStore.ts";

interface Sidecar {
  contentType: string;
  etag: string;
  metadata: Record<string, string>;
}

export class DiskBlobStore implements BlobStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `files under ${root}`;
  }

  #path = (key: string) => `${this.root}/${key}`;
  #sidecar = (key: string) => `${this.root}/.meta/${key}.json`;

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<BlobInfo> {
    assertSafeKey(key);
    const path = this.#path(key);
    const slash = path.lastIndexOf("/");
    const partial = `${path.slice(0, slash)}/.${path.slice(slash + 1)}.${crypto.randomUUID()}.part`;
    await Deno.mkdir(path.slice(0, slash), { recursive: true });
    const hash = createHash("md5");
    let size = 0;
    try {
      const file = await Deno.open(partial, { write: true, createNew: true });
      await limitStream(body, options.maxBytes)
        .pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              hash.update(chunk);
              size += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        )
        .pipeTo(file.writable);
      const sidecar: Sidecar = {
        contentType: options.contentType,
        etag: `"${hash.digest("hex")}"`,
        metadata: options.metadata ?? {},
      };
      await writeAtomically(this.#sidecar(key), JSON.stringify(sidecar));
      await Deno.rename(partial, path);
      const stat = await Deno.stat(path);
      return { key, size, ...sidecar, lastModified: stat.mtime ?? new Date() };
    } catch (error) {
      await Deno.remove(partial).catch(() => {});
      await body.cancel().catch(() => {});
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertSafeKey(key);
    let stat: Deno.FileInfo;
    try {
      stat = await Deno.stat(this.#path(key));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return null;
      throw error;
    }
    if (!stat.isFile) return null;
    return { key, size: stat.size, lastModified: stat.mtime ?? new Date(0), ...await this.#meta(key, stat) };
  }

  async get(key: string): Promise<BlobBody | null> {
    assertSafeKey(key);
    let file: Deno.FsFile;
    try {
      file = await Deno.open(this.#path(key), { read: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.IsADirectory) return null;
      throw error;
    }
    const stat = await file.stat();
    if (!stat.isFile) {
      file.close();
      return null;
    }
    return {
      key,
      size: stat.size,
      lastModified: stat.mtime ?? new Date(0),
      ...await this.#meta(key, stat),
      body: file.readable,
    };
  }

  async list(prefix: string, limit: number): Promise<{ items: BlobListItem[]; truncated: boolean }> {
    assertSafePrefix(prefix);
    const slash = prefix.lastIndexOf("/");
    const dir = prefix.slice(0, slash + 1);
    const items: BlobListItem[] = [];
    let truncated = false;
    // depth-first in name order, so the listing is in key order like an object store's
    const walk = async (relDir: string, startsWith: string): Promise<void> => {
      let entries: Deno.DirEntry[];
      try {
        entries = await Array.fromAsync(Deno.readDir(`${this.root}/${relDir}`));
      } catch (error) {
        if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) return;
        throw error;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (truncated) return;
        if (entry.name.startsWith(".") || !entry.name.startsWith(startsWith)) continue;
        const key = `${relDir}${entry.name}`;
        if (entry.isDirectory) await walk(`${key}/`, "");
        else if (entry.isFile) {
          if (items.length === limit) {
            truncated = true;
            return;
          }
          const stat = await Deno.stat(this.#path(key));
          items.push({
            key,
            size: stat.size,
            lastModified: stat.mtime ?? new Date(0),
            etag: (await this.#meta(key, stat)).etag,
          });
        }
      }
    };
    await walk(dir, prefix.slice(slash + 1));
    return { items, truncated };
  }

  async delete(key: string): Promise<boolean> {
    assertSafeKey(key);
    await Deno.remove(this.#sidecar(key)).catch(() => {});
    try {
      await Deno.remove(this.#path(key));
      return true;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return false;
      throw error;
    }
  }

  /** The sidecar's facts; a file written before sidecars (or by hand) gets a type from its name. */
  async #meta(key: string, stat: Deno.FileInfo): Promise<Sidecar> {
    try {
      return JSON.parse(await Deno.readTextFile(this.#sidecar(key))) as Sidecar;
    } catch {
      return {
        contentType: typeFromName(key),
        etag: `"${stat.size.toString(36)}-${(stat.mtime?.getTime() ?? 0).toString(36)}"`,
        metadata: {},
      };
    }
  }
}

async function writeAtomically(path: string, text: string) {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  const partial = `${path}.${crypto.randomUUID()}.part`;
  await Deno.writeTextFile(partial, text);
  await Deno.rename(partial, path);
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
};

function typeFromName(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
