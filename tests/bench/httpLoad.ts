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

const CRLF2 = new Uint8Array([13, 10, 13, 10]);
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** One keep-alive connection: sends a GET and reads its answer to the last byte. */
class Connection {
  private buffered = new Uint8Array(0);

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
    if (length) await this.read(Number(length[1]));
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) await this.readChunked();
    return status;
  }

  close() {
    this.conn.close();
  }

  private async readChunked() {
    for (;;) {
      const size = parseInt(decoder.decode(await this.readUntil(new Uint8Array([13, 10]))), 16);
      await this.read(size + 2); // the chunk and its CRLF
      if (size === 0) return;
    }
  }

  /** The bytes up to `mark` (left out), with `mark` consumed. */
  private async readUntil(mark: Uint8Array): Promise<Uint8Array> {
    for (;;) {
      const at = indexOf(this.buffered, mark);
      if (at >= 0) {
        const head = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + mark.length);
        return head;
      }
      await this.fill();
    }
  }

  private async read(n: number) {
    while (this.buffered.length < n) await this.fill();
    this.buffered = this.buffered.subarray(n);
  }

  private async fill() {
    const chunk = new Uint8Array(256 * 1024);
    const got = await this.conn.read(chunk);
    if (got === null) throw new Error("the server closed the connection");
    const next = new Uint8Array(this.buffered.length + got);
    next.set(this.buffered);
    next.set(chunk.subarray(0, got), this.buffered.length);
    this.buffered = next;
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array) {
  outer: for (let i = 0; i <= haystack.length - needle.length; i++) {
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
