/**
 * The server's structured log (issue 40 item 2): one JSON line per event on standard output, at a level
 * chosen by LOG_LEVEL. Lines carry ids only (request, tenant, user, connection), never names, e-mail
 * addresses, tokens, query strings or bodies: a log shipped to a third party holds no personal data.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error", "off"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type LineLevel = Exclude<LogLevel, "off">;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

// main.ts sets the configured level; under the test runner a line per request would bury the results
let threshold = Deno.env.get("VITEST") ? RANK.warn : RANK.info;
const encoder = new TextEncoder();
const FLUSH_EVERY_MS = 100;

/**
 * A sink that gathers lines and writes them together every 100 ms (or at 64 KB), asynchronously: a write
 * per line cost about a tenth of a small signed-in request (tests/bench/observability.ts). `flushLog`
 * writes what is left at once; the drain and the process's unload call it.
 */
export function bufferedSink(
  file: { write(p: Uint8Array): Promise<number>; writeSync(p: Uint8Array): number },
) {
  let pending = "";
  let timer: number | undefined;
  const take = () => {
    const bytes = encoder.encode(pending);
    pending = "";
    return bytes;
  };
  const flushLater = async () => {
    timer = undefined;
    const bytes = take();
    try {
      for (let off = 0; off < bytes.length;) off += await file.write(bytes.subarray(off));
    } catch { /* a closed or broken stdout must never fail a request */ }
  };
  flushers.add(() => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const bytes = take();
    try {
      for (let off = 0; off < bytes.length;) off += file.writeSync(bytes.subarray(off));
    } catch { /* nowhere to write */ }
  });
  return (line: string) => {
    pending += line;
    if (pending.length >= 64 * 1024) return void flushLater();
    if (timer === undefined) {
      // (Deno's timers are numbers; the Node types in scope say otherwise)
      timer = setTimeout(flushLater, FLUSH_EVERY_MS) as unknown as number;
      Deno.unrefTimer(timer); // gathered lines never keep the process alive (unload flushes them)
    }
  };
}

const flushers = new Set<() => void>();
/** Writes every gathered line now (before the process exits). */
export function flushLog() {
  for (const flush of flushers) flush();
}
globalThis.addEventListener("unload", flushLog);

let sink: (line: string) => void = bufferedSink(Deno.stdout);

/** Sets the level below which lines are dropped (main.ts and the tests, from the configuration). */
export function setLogLevel(level: LogLevel) {
  threshold = RANK[level];
}

/** Where lines go (tests and the bench catch them); returns the previous sink. */
export function setLogSink(next: (line: string) => void): (line: string) => void {
  const previous = sink;
  sink = next;
  return previous;
}

export function logs(level: LineLevel): boolean {
  return RANK[level] >= threshold;
}

/** Writes one line: `{"time":…,"level":…,"event":…, …fields}`. */
export function log(level: LineLevel, event: string, fields: Record<string, unknown> = {}) {
  if (RANK[level] < threshold) return;
  sink(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }) + "\n");
}
