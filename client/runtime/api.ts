/**
 * The one fetch client for islands (spec 1 §7 conventions, §8 error catalogue).
 *
 * Every call sends JSON with `X-Local-Date` (yyyy-MM-dd), `X-Local-Time` (HH:mm:ss) and
 * `X-Api-Version: 1`, and `credentials: "same-origin"`: the browser session is an HttpOnly cookie,
 * there is never a token in script. Failures throw an {@link ApiError}:
 * - 401 navigates to `/logout` (no toast);
 * - an aborted request throws with `aborted: true` (no toast);
 * - no response throws 'Network Error' / 'Check connection';
 * - every other failure shows a toast (validation errors as a warning, others as an error) with the
 *   server's title/message, falling back to the catalogue title and 'An API error has occurred'.
 */
import { toast, type ToastKind } from "./toast.ts";

import { ERROR_TITLES, shownTitle } from "../../server/http/catalogue.ts";

export interface ApiFieldError {
  field: string;
  message: string;
}

/** The catalogue of spec 1 §8 (titles the client falls back to when the server sent none): one copy. */
export { ERROR_TITLES };
export const UNEXPECTED_TITLE = ERROR_TITLES[500];
export const NETWORK_TITLE = "Network Error";
export const NETWORK_MESSAGE = "Check connection";
export const API_FALLBACK_MESSAGE = "An API error has occurred";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when there was no response (network failure or abort). */
  declare readonly status: number;
  declare readonly title: string;
  readonly isValidation: boolean = false;
  readonly errors: ApiFieldError[] = [];
  readonly aborted: boolean = false;
  /** The parsed response body, when there was one. */
  declare readonly body: unknown;
  /** The server's X-Request-Id for this answer: the reference a user quotes to support (issue 40). */
  readonly requestId: string | null = null;

  constructor(init: {
    status: number;
    title: string;
    message: string;
    isValidation?: boolean;
    errors?: ApiFieldError[];
    aborted?: boolean;
    body?: unknown;
    requestId?: string | null;
  }) {
    super(init.message);
    Object.assign(this, init);
  }

  /** Message per field name (first message wins), for forms. */
  fieldMessages(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.field && !(e.field in out)) out[e.field] = e.message;
    return out;
  }
}

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

export interface ApiOptions {
  /** Query parameters; arrays are comma-joined, null/undefined are skipped. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Do not toast failures (the caller shows them). 401 still logs out. */
  silent?: boolean;
  /** Default true: a 401 navigates to /logout. False treats it like other errors (e.g. a sign-in form). */
  logoutOn401?: boolean;
}

/** Hooks, replaceable by tests and embedders. */
export const apiConfig = {
  /** Prefix for paths that do not start with "/" or a scheme. */
  base: "/api/",
  logoutPath: "/logout",
  navigate(url: string): void {
    globalThis.location?.assign(url);
  },
  notify(kind: ToastKind, message: string, title?: string): void {
    toast(kind, message, title);
  },
  fetch: (input: string, init: RequestInit): Promise<Response> => globalThis.fetch(input, init),
};

const pad = (n: number) => String(n).padStart(2, "0");

/** The caller's local date and time as the API headers carry them. */
export function localClockHeaders(now = new Date()): { "X-Local-Date": string; "X-Local-Time": string } {
  return {
    "X-Local-Date": `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    "X-Local-Time": `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  let url = /^([a-z][a-z0-9+.-]*:|\/)/i.test(path) ? path : apiConfig.base + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === null || v === undefined) continue;
      params.append(k, Array.isArray(v) ? v.join(",") : String(v));
    }
    const qs = params.toString();
    if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json") || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function errorFromResponse(status: number, body: unknown, requestId: string | null): ApiError {
  const b = isRecord(body) ? body : {};
  const title = typeof b.title === "string" && b.title ? b.title : ERROR_TITLES[status] ?? UNEXPECTED_TITLE;
  const message = typeof b.message === "string" && b.message
    ? b.message
    : typeof body === "string" && body.trim() && body.length < 300 && !body.trimStart().startsWith("<")
    ? body.trim()
    : API_FALLBACK_MESSAGE;
  const errors = Array.isArray(b.errors)
    ? b.errors.filter(isRecord).map((e) => ({
      field: String(e.field ?? ""),
      message: String(e.message ?? ""),
    }))
    : [];
  return new ApiError({
    status,
    title,
    message,
    isValidation: b.isValidation === true,
    errors,
    body,
    requestId,
  });
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === "AbortError");
}

/**
 * Calls the API and resolves with the parsed JSON body (undefined for an empty body). The body goes as
 * JSON, or as it is when it is a FormData (a file upload).
 * `path` is used as is when it starts with "/" or a scheme, otherwise it is appended to `/api/`.
 */
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function api<T = unknown>(
  method: ApiMethod,
  path: string,
  body?: unknown,
  opts: ApiOptions = {},
): Promise<T> {
  if (method === "GET") return send<T>(method, path, body, opts);
  saving(1);
  try {
    return await send<T>(method, path, body, opts);
  } finally {
    saving(-1);
  }
}

let savesInFlight = 0;
/**
 * `<html data-saving>` while a save is in flight, and a `saved` event on the document when the last one
 * settles: a push that reloads the page waits for it (push.ts), so the island's own "saved" toast and
 * redirect are not cut short by a reload its own change caused.
 */
function saving(step: 1 | -1) {
  savesInFlight += step;
  document.documentElement.toggleAttribute("data-saving", savesInFlight > 0);
  if (!savesInFlight) document.dispatchEvent(new Event("saved"));
}

async function send<T>(method: ApiMethod, path: string, body: unknown, opts: ApiOptions): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...localClockHeaders(),
    "X-Api-Version": "1",
    ...opts.headers,
  };
  const init: RequestInit = {
    method,
    headers,
    credentials: "same-origin",
    signal: opts.signal,
  };
  if (body instanceof FormData) {
    init.body = body; // a file upload: the browser writes the multipart type and boundary
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }

  let res: Response;
  let data: unknown;
  try {
    res = await apiConfig.fetch(buildUrl(path, opts.query), init);
    // a body that breaks off (not by abort) reads as none: the status still decides
    data = await readBody(res).catch((err) => {
      if (isAbort(err, opts.signal)) throw err;
    });
  } catch (err) {
    const aborted = isAbort(err, opts.signal);
    const error = aborted
      ? new ApiError({ status: 0, title: "Aborted", message: "The request was cancelled.", aborted })
      : new ApiError({ status: 0, title: NETWORK_TITLE, message: NETWORK_MESSAGE });
    if (!aborted && !opts.silent) apiConfig.notify("error", error.message, error.title);
    throw error;
  }
  if (res.ok) return data as T;

  const error = errorFromResponse(res.status, data, res.headers.get("x-request-id"));
  if (res.status === 401 && opts.logoutOn401 !== false) {
    apiConfig.navigate(apiConfig.logoutPath);
    throw error;
  }
  if (!opts.silent) notifyApiError(error);
  throw error;
}

/** The toast for a refused call: a validation's field messages, else the error with its reference. */
export function notifyApiError(error: ApiError): void {
  if (error.isValidation) apiConfig.notify("warning", validationWords(error), VALIDATION_TITLE);
  else apiConfig.notify("error", withReference(error), shownTitle(error.status, error.title));
}

/** An error toast's words, with the answer's request id to quote when asking for help. */
export function withReference(error: ApiError): string {
  return error.requestId ? `${error.message} Reference: ${error.requestId}` : error.message;
}

/** A validation failure's toast title: plain words, never "Bad Request" (the form shows each field's). */
export const VALIDATION_TITLE = "Please check what you entered";

/** The field messages in words (not the field names), at most three, for the toast. */
export function validationWords(error: ApiError): string {
  const messages = [...new Set(error.errors.map((e) => e.message))];
  if (!messages.length) return error.message;
  const more = messages.length - 3;
  return messages.slice(0, 3).join(" ") + (more > 0 ? ` (and ${more} more)` : "");
}

/** Shorthands. */
export const apiGet = <T = unknown>(path: string, opts?: ApiOptions) => api<T>("GET", path, undefined, opts);
export const apiPost = <T = unknown>(path: string, body?: unknown, opts?: ApiOptions) =>
  api<T>("POST", path, body, opts);
export const apiPut = <T = unknown>(path: string, body?: unknown, opts?: ApiOptions) =>
  api<T>("PUT", path, body, opts);
export const apiDelete = <T = unknown>(path: string, opts?: ApiOptions) =>
  api<T>("DELETE", path, undefined, opts);
