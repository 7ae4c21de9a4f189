/**
 * The super user's Testing screen, its pure part: which connection checks there are, what a failure
 * says in plain words, how long a check took, the mobile numbers a test text may go to, and the last
 * result of each check read back from the super audit (a run is audited with its results).
 */
import { TimeoutError } from "../../../timeout.ts";

/** Each check: its name on screen, the same in a sentence, and whether it needs an organisation. */
export const CHECKS = {
  controlDatabase: { label: "Control database", what: "the control database", tenant: false },
  tenantDatabase: { label: "Organisation's database", what: "the organisation's database", tenant: true },
  mailServer: { label: "Mail server", what: "the mail server", tenant: false },
  smsGateway: { label: "SMS gateway", what: "the SMS gateway", tenant: false },
  fileStorage: { label: "File storage", what: "the file storage", tenant: false },
  pushBus: { label: "Push bus", what: "the push bus", tenant: false },
  interchange: { label: "Plant interchange", what: "the plant interchange", tenant: true },
} as const;

export type CheckKey = keyof typeof CHECKS;
export const CHECK_KEYS = Object.keys(CHECKS) as [CheckKey, ...CheckKey[]];
export const needsTenant = (checks: readonly CheckKey[]) => checks.some((c) => CHECKS[c].tenant);

/** Every probe gives up after this long: a dead address answers "no answer", never a hang. */
export const CHECK_TIMEOUT_MS = 5_000;
/** A test send waits this long for the mail server or gateway to take it. */
export const SEND_TIMEOUT_MS = 15_000;

export const CHECK_STATUSES = ["ok", "notConfigured", "failed"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export const STATUS_LABELS: Record<CheckStatus, string> = {
  ok: "OK",
  notConfigured: "Not configured",
  failed: "Failed",
};

export interface CheckResult {
  check: CheckKey;
  status: CheckStatus;
  /** what happened, in words */
  result: string;
  durationMs: number;
  at: string;
}

const seconds = (ms: number) => `${ms / 1000} second${ms === 1000 ? "" : "s"}`;

/** "12 ms", "1.3 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Why a probe failed, in words a platform operator acts on: the usual network and sign-in failures
 * named, anything else by its own first line (never a stack).
 */
export function plainFailure(error: unknown, timeoutMs = CHECK_TIMEOUT_MS): string {
  if (error instanceof TimeoutError) return `no answer within ${seconds(error.ms)}`;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  const code = typeof e?.code === "string" ? e.code : "";
  const text = `${e?.message ?? error} ${(e?.cause as { message?: string })?.message ?? ""}`;
  if (
    e?.name === "TimeoutError" || /ETIMEDOUT|timed? ?out|Greeting never received/i.test(`${code} ${text}`)
  ) {
    return `no answer within ${seconds(timeoutMs)}`;
  }
  if (/ECONNREFUSED|Connection refused/i.test(text)) return "nothing is listening there (connection refused)";
  if (/ENOTFOUND|EAI_AGAIN|dns error|failed to lookup|Name or service not known/i.test(text)) {
    return "the server's name could not be found";
  }
  if (/ECONNRESET|connection reset|broken pipe/i.test(text)) return "the connection was dropped";
  if (code === "EAUTH") return "the server refused the user name or password";
  if (/certificate|self[- ]signed|SSL|TLS/i.test(text)) {
    return `a secure connection could not be made (${firstLine(text)})`;
  }
  const store = /Object store \w+ [^:]*: (\d{3})/.exec(text);
  if (store) return storeStatus(Number(store[1]));
  return firstLine(text) || "it failed without saying why";
}

function storeStatus(status: number): string {
  if (status === 403 || status === 401) return `the object store refused the access key (HTTP ${status})`;
  if (status === 404) return "the object store has no such bucket (HTTP 404)";
  return `the object store answered HTTP ${status}`;
}

function firstLine(text: string): string {
  const line = text.trim().split("\n")[0].replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * A mobile number a test text may go to: an Australian mobile as people write it (0412 345 678,
 * +61 412 345 678) becomes +61 412 345 678; another country's number in the international format
 * (+ and the country code, as the phone code feature takes) is kept, without spaces. Null: not a mobile.
 */
export function mobileNumber(text: string): string | null {
  const compact = text.trim().replace(/[\s()-]/g, "");
  const au = /^(?:0|\+?61)(4\d{8})$/.exec(compact);
  if (au) return `+61 ${au[1].slice(0, 3)} ${au[1].slice(3, 6)} ${au[1].slice(6)}`;
  // +61 that is not a mobile (a landline, too short) cannot take a text
  if (/^\+61/.test(compact)) return null;
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** A super audit row of a check run, as read back for the screen. */
export interface CheckRun {
  at: string;
  userName: string;
  tenantId: number | null;
  detail: Record<string, unknown> | null;
}

export type LastResult = CheckResult & { by: string };

/**
 * The newest result of each check in runs listed newest first: an organisation's checks only from
 * runs on that organisation, the others from any run.
 */
export function latestResults(runs: readonly CheckRun[], tenantId: number | null): Map<CheckKey, LastResult> {
  const last = new Map<CheckKey, LastResult>();
  for (const run of runs) {
    const results = Array.isArray(run.detail?.results) ? run.detail.results as CheckResult[] : [];
    for (const r of results) {
      if (!(r?.check in CHECKS) || last.has(r.check)) continue;
      if (CHECKS[r.check].tenant && run.tenantId !== tenantId) continue;
      last.set(r.check, { ...r, by: run.userName });
    }
  }
  return last;
}

/** One organisation's interchange clients, counted for the testing home. */
export interface InterchangeTenant {
  tenantId: number;
  tenantName: string;
  clients: number;
  /** clients with interchange turned on */
  enabled: number;
  /** of those, heard from in the last 5 minutes */
  live: number;
}

export const INTERCHANGE_MESSAGES = {
  available: "Interchange is available.",
  notAvailable: "Interchange is not available",
  notConnected: "Interchange is not currently connected for this environment",
  noClients: "No interchange clients are available",
} as const;
export type InterchangeState = keyof typeof INTERCHANGE_MESSAGES;

/**
 * The testing home's interchange line (spec 3 §8): no client at all; clients but none with interchange
 * turned on (this environment is not connected); turned on but none heard from (not available, with a
 * recheck); otherwise available.
 */
export function interchangeState(
  tenants: readonly InterchangeTenant[],
): { state: InterchangeState; message: string } {
  const sum = (k: "clients" | "enabled" | "live") => tenants.reduce((s, t) => s + t[k], 0);
  const state: InterchangeState = !sum("clients")
    ? "noClients"
    : !sum("enabled")
    ? "notConnected"
    : !sum("live")
    ? "notAvailable"
    : "available";
  return { state, message: INTERCHANGE_MESSAGES[state] };
}
