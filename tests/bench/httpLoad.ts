/**
 * A load generator for throughput figures, as `wrk` would measure them: keep-alive HTTP/1.1 connections
 * on raw sockets that read each answer's bytes as sent (compressed or not) and decode nothing. Deno's
 * fetch always decompresses, and a 550 KB page inflated in the benchmark's own process costs more than
 * the server's answer; the server's throughput is what the figures compare.
 */
export interface Throughput {
  /** requests per second, `concurrency` clients sending `n` requests in all */
  rps: number;
  n: number;
  concurrency: number;
}

const CRLF = new Uint8Array([13, 10]);
const CRLF2 = new Uint8Array([13, 10, 13, 10]);
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * One keep-alive connection: sends a GET and reads its answer to the last byte, into one buffer it
 * reuses (a body is counted and dropped, never copied), so a large answer costs the client little more
 * than a small one: the client shares the process with the server it measures.
 */
class Connection {
  private readonly buffer = new Uint8Array(256 * 1024);
  /** the unread bytes are buffer[start, end) */
  private start = 0;
  private end = 0;

  private constructor(private readonly conn: Deno.Conn, private readonly request: Uint8Array) {}

  static async open(url: URL, headers: Record<string, string>) {
    const lines = [
      `GET ${url.pathname}${url.search} HTTP/1.1`,
      `host: ${url.host}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ];
    const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
    return new Connection(conn, encoder.encode(lines.join("\r\n")));
  }

  /** Sends the request and reads the answer; its status. */
  async get(): Promise<number> {
    await this.conn.write(this.request);
    const head = decoder.decode(await this.readUntil(CRLF2));
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (length) await this.skip(Number(length[1]));
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) await this.skipChunked();
    return status;
  }

  close() {
    this.conn.close();
  }

  private async skipChunked() {
    for (;;) {
      const size = parseInt(decoder.decode(await this.readUntil(CRLF)), 16);
      await this.skip(size + 2); // the chunk and its CRLF
      if (size === 0) return;
    }
  }

  /** The bytes up to `mark` (left out, valid until the next read), with `mark` consumed. */
  private async readUntil(mark: Uint8Array): Promise<Uint8Array> {
    let from = this.start;
    for (;;) {
      const at = indexOf(this.buffer, mark, from, this.end);
      if (at >= 0) {
        const line = this.buffer.subarray(this.start, at);
        this.start = at + mark.length;
        return line;
      }
      from = Math.max(this.start, this.end - mark.length + 1);
      const moved = this.start;
      await this.fill();
      from -= moved;
    }
  }

  /** Drops the next `n` bytes. */
  private async skip(n: number) {
    for (;;) {
      const taken = Math.min(n, this.end - this.start);
      this.start += taken;
      n -= taken;
      if (n === 0) return;
      await this.fill();
    }
  }

  /** Reads more after the unread bytes (moved to the buffer's start first). */
  private async fill() {
    if (this.start > 0) {
      this.buffer.copyWithin(0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
    if (this.end === this.buffer.length) throw new Error("an answer's head is larger than the buffer");
    const got = await this.conn.read(this.buffer.subarray(this.end));
    if (got === null) throw new Error("the server closed the connection");
    this.end += got;
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number, to: number) {
  outer: for (let i = from; i <= to - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * `concurrency` connections send `n` GETs of `url` in all (after a warm-up); every answer must be a 200.
 * They ask for gzip or brotli, as browsers (and Deno's fetch) do, unless `headers` say otherwise.
 */
export async function throughput(
  url: string,
  headers: Record<string, string>,
  n = 3000,
  concurrency = 16,
): Promise<Throughput> {
  const target = new URL(url);
  const asked = { "accept-encoding": "gzip, br", ...headers };
  const connections = await Promise.all(
    Array.from({ length: concurrency }, () => Connection.open(target, asked)),
  );
  try {
    const one = async (c: Connection) => {
      const status = await c.get();
      if (status !== 200) throw new Error(`${url}: ${status}`);
    };
    for (let i = 0; i < 200; i++) await one(connections[i % concurrency]); // warm-up: JIT, caches
    let left = n;
    const t0 = performance.now();
    await Promise.all(connections.map(async (c) => {
      while (left-- > 0) await one(c);
    }));
    return { rps: n / ((performance.now() - t0) / 1000), n, concurrency };
  } finally {
    for (const c of connections) c.close();
  }
}
