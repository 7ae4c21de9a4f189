/**
 * Response compression by Accept-Encoding (issue 12): gzip for streamed pages (the stream keeps flowing:
 * CompressionStream compresses chunk by chunk) and for whole answers, brotli for a client that takes
 * only brotli, nothing for what is small, already encoded, or not text. Static assets are compressed once at build (server/http/static.ts serves
 * the .br/.gz files); this is for what the server makes per request.
 */
import { createMiddleware } from "hono/factory";
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from "node:zlib";
import { promisify } from "node:util";

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
/**
 * Up to this an answer is compressed on the spot: handing it to the thread pool cost more than the
 * compression (≈0.2 ms against ≈0.06 ms for a 3 KB answer, measured); larger ones go to the pool.
 */
const INLINE_BYTES = 64 * 1024;
/** Below this a compressed answer saves less than the work costs (and fits one packet anyway). */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|problem\+json)|image\/svg\+xml)/;

/** Which of our two encodings the client takes (Accept-Encoding, q=0 refusing one). */
export function acceptedEncodings(acceptEncoding: string | undefined): { br: boolean; gzip: boolean } {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return { br: ok("br"), gzip: ok("gzip") };
}

/** The encoding the client takes, best first: br, then gzip; null for neither. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const { br, gzip } = acceptedEncodings(acceptEncoding);
  return br ? "br" : gzip ? "gzip" : null;
}

/**
 * A whole answer compressed as dynamic content is (brotli at quality 5, gzip at 6): on the spot when
 * small, in the thread pool when large.
 */
export async function compress(body: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array<ArrayBuffer>> {
  const inline = body.byteLength <= INLINE_BYTES;
  const brOptions = {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  };
  const packed = encoding === "br"
    ? (inline ? brotliCompressSync(body, brOptions) : await brotli(body, brOptions))
    : (inline ? gzipSync(body, gzipOptions(body.byteLength)) : await gzip(body, { level: 6 }));
  // zlib's Buffer is a view into a larger buffer; a Response copies such a view's bytes slowly on every
  // answer (≈27 µs against ≈5 µs for 10 KB, measured), and a kept page is answered thousands of times:
  // copied once into a buffer of its own size (also, its type says only "ArrayBufferLike")
  return packed.byteOffset === 0 && packed.buffer.byteLength === packed.byteLength
    ? new Uint8Array(packed.buffer as ArrayBuffer)
    : new Uint8Array(packed);
}

/**
 * gzip at level 6 with a window no larger than the answer: zlib clears its whole window and tables for
 * each answer, which for a 2.5 KB answer with the default 32 KB window was most of the work (≈90 µs
 * against ≈35 µs, measured); the output is the same.
 */
function gzipOptions(bytes: number) {
  return { level: 6, windowBits: Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes + 262)))) };
}

export const compression = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  // (never touch `res.body` before deciding: Deno then streams it, chunked, where it sent a length)
  if (
    c.req.method === "HEAD" || res.status === 101 || res.status === 204 || res.status === 304 ||
    res.headers.has("content-encoding") || !COMPRESSIBLE.test(type)
  ) return;
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  if (!(accepted.br || accepted.gzip) || !res.body) return;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.append("vary", "Accept-Encoding");
  if ((type.startsWith("text/html") || type.startsWith("text/csv")) && accepted.gzip) {
    // a streamed page or CSV export stays a stream (gzip: brotli would hold it back to the end; a 50,000
    // order CSV is never whole in memory)
    headers.set("content-encoding", "gzip");
    replace(
      c,
      new Response(res.body.pipeThrough(new CompressionStream("gzip")), { status: res.status, headers }),
    );
    return;
  }
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < MIN_BYTES) {
    // sent as it was (a body of known length: no chunked framing)
    replace(c, new Response(body, { status: res.status, headers: res.headers }));
    return;
  }
  // gzip to every client that takes it; brotli only to one that takes nothing else. Brotli's encoder cost
  // ≈0.17 ms to set up for a small answer, and 1.5–7 ms on a 300-lot day's 200 KB of JSON (its large
  // allocations page-fault afresh on each answer), against ≈0.4 ms for gzip, to save 3 KB. Kept pages,
  // compressed once and sent many times, keep brotli for those clients (keptPages.ts).
  const encoding = accepted.gzip ? "gzip" : "br";
  const packed = await compress(body, encoding);
  headers.set("content-encoding", encoding);
  headers.set("content-length", String(packed.byteLength));
  replace(c, new Response(packed, { status: res.status, headers }));
});

/**
 * Hono's `c.res` setter copies the old response's headers onto the new one (a stale Content-Length
 * among them); the compressed response already carries every header it needs, so it replaces outright.
 */
function replace(c: { res: Response | undefined }, res: Response) {
  c.res = undefined;
  c.res = res;
}
