/**
 * Blobs in an S3-compatible object store (AWS S3, MinIO, R2, …), for several app instances sharing files.
 * Configured by one URL: `s3+https://ACCESS_KEY:SECRET@host[:port]/bucket[/key prefix][?region=…]`
 * (path-style addressing, which every S3-compatible server accepts). Requests are signed with aws4fetch.
 *
 * An upload arrives as a stream of unknown length, and S3 wants the length before the bytes: the stream is
 * spooled to a temporary file (the limit enforced while it is written, never the whole file in memory) and
 * then sent from that file with its Content-Length.
 */
import { AwsClient } from "aws4fetch";
import {
  assertSafeKey,
  assertSafePrefix,
  type BlobBody,
  type BlobInfo,
  type BlobListItem,
  type BlobStore,
  decodeMeta,
  encodeMeta,
  limitStream,
  type PutOptions,
} from "./blobStore.ts";

const META = "x-amz-meta-";

export class S3BlobStore implements BlobStore {
  readonly description: string;
  readonly #client: AwsClient;
  /** `scheme://host[:port]/bucket` */
  readonly #bucketUrl: string;
  /** a key prefix inside the bucket ("" or `prefix/`) */
  readonly #prefix: string;

  constructor(url: string) {
    const parsed = parseS3Url(url);
    this.#client = new AwsClient({
      accessKeyId: parsed.accessKeyId,
      secretAccessKey: parsed.secretAccessKey,
      service: "s3",
      region: parsed.region,
    });
    this.#bucketUrl = parsed.bucketUrl;
    this.#prefix = parsed.prefix;
    this.description = `object store ${parsed.bucketUrl}${parsed.prefix ? `/${parsed.prefix}` : ""}`;
  }

  #url = (key: string) => `${this.#bucketUrl}/${this.#prefix}${key}`;

  async #send(url: string, init: RequestInit & { duplex?: "half" } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // the body is streamed: S3 is told not to expect its hash in the signature
    headers.set("x-amz-content-sha256", "UNSIGNED-PAYLOAD");
    return await this.#client.fetch(url, { ...init, headers });
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions): Promise<BlobInfo> {
    assertSafeKey(key);
    const spool = await Deno.makeTempFile({ prefix: "blob-", suffix: ".part" });
    try {
      const file = await Deno.open(spool, { write: true, truncate: true });
      await limitStream(body, options.maxBytes).pipeTo(file.writable);
      const size = (await Deno.stat(spool)).size;
      const source = await Deno.open(spool, { read: true });
      const headers: Record<string, string> = {
        "content-type": options.contentType,
        "content-length": String(size),
      };
      for (const [name, value] of Object.entries(options.metadata ?? {})) {
        headers[`${META}${name.toLowerCase()}`] = encodeMeta(value);
      }
      const res = await this.#send(this.#url(key), {
        method: "PUT",
        body: source.readable,
        headers,
        duplex: "half",
      });
      await failUnlessOk(res, `PUT ${key}`);
      return {
        key,
        size,
        contentType: options.contentType,
        etag: res.headers.get("etag") ?? `"${size}"`,
        lastModified: new Date(),
        metadata: { ...options.metadata },
      };
    } catch (error) {
      await body.cancel().catch(() => {});
      throw error;
    } finally {
      await Deno.remove(spool).catch(() => {});
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertSafeKey(key);
    const res = await this.#send(this.#url(key), { method: "HEAD" });
    if (res.status === 404) return null;
    await failUnlessOk(res, `HEAD ${key}`);
    return infoOf(key, res.headers);
  }

  async get(key: string): Promise<BlobBody | null> {
    assertSafeKey(key);
    const res = await this.#send(this.#url(key));
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    await failUnlessOk(res, `GET ${key}`);
    return { ...infoOf(key, res.headers), body: res.body ?? new Blob([]).stream() };
  }

  async list(prefix: string, limit: number): Promise<{ items: BlobListItem[]; truncated: boolean }> {
    assertSafePrefix(prefix);
    const items: BlobListItem[] = [];
    let token: string | null = null;
    for (;;) {
      const query = new URLSearchParams({
        "list-type": "2",
        prefix: `${this.#prefix}${prefix}`,
        "max-keys": String(Math.min(1000, limit - items.length + 1)),
      });
      if (token) query.set("continuation-token", token);
      const res = await this.#send(`${this.#bucketUrl}?${query}`);
      await failUnlessOk(res, `list ${prefix}`);
      const xml = await res.text();
      for (const entry of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const field = (name: string) => xmlText(entry[1], name);
        if (items.length === limit) return { items, truncated: true };
        items.push({
          key: field("Key").slice(this.#prefix.length),
          size: Number(field("Size")),
          etag: field("ETag"),
          lastModified: new Date(field("LastModified")),
        });
      }
      token = xmlText(xml, "IsTruncated") === "true" ? xmlText(xml, "NextContinuationToken") : null;
      if (!token) return { items, truncated: false };
    }
  }

  async delete(key: string): Promise<boolean> {
    // S3 answers 204 whether or not the key existed: ask first
    if (!(await this.head(key))) return false;
    const res = await this.#send(this.#url(key), { method: "DELETE" });
    await failUnlessOk(res, `DELETE ${key}`);
    return true;
  }
}

/** `s3+http(s)://key:secret@host/bucket/prefix?region=…` in its parts (throws in words when malformed). */
export function parseS3Url(url: string) {
  const match = /^s3\+(https?):\/\//.exec(url);
  if (!match || !URL.canParse(url.slice(3))) {
    throw new Error("STORAGE_URL must look like s3+https://ACCESS_KEY:SECRET@host/bucket");
  }
  const u = new URL(url.slice(3));
  const [bucket, ...rest] = u.pathname.split("/").filter(Boolean);
  if (!bucket || !u.username || !u.password) {
    throw new Error(
      "STORAGE_URL needs an access key, a secret and a bucket: s3+https://KEY:SECRET@host/bucket",
    );
  }
  return {
    bucketUrl: `${u.protocol}//${u.host}/${bucket}`,
    prefix: rest.length ? `${rest.join("/")}/` : "",
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
    region: u.searchParams.get("region") ?? "us-east-1",
  };
}

function infoOf(key: string, headers: Headers): BlobInfo {
  const metadata: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name.startsWith(META)) metadata[name.slice(META.length)] = decodeMeta(value);
  });
  return {
    key,
    size: Number(headers.get("content-length") ?? 0),
    contentType: headers.get("content-type") ?? "application/octet-stream",
    etag: headers.get("etag") ?? "",
    lastModified: new Date(headers.get("last-modified") ?? 0),
    metadata,
  };
}

async function failUnlessOk(res: Response, what: string) {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new Error(`Object store ${what}: ${res.status} ${text.slice(0, 300)}`);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function xmlText(xml: string, name: string): string {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return (m?.[1] ?? "").replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]);
}
