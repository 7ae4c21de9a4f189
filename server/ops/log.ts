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
let sink: (line: string) => void = (line) => {
  // a closed or broken stdout (a pipe whose reader went away) must never fail a request
  try {
    Deno.stdout.writeSync(encoder.encode(line));
  } catch { /* nowhere to write */ }
};

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
