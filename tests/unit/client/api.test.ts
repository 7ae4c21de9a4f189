// deno-lint-ignore-file require-await -- async act() callbacks flush React work; async fetch stubs mirror fetch
import { hasDom, jsonResponse } from "./dom.ts"; // first: installs the DOM
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  api,
  API_FALLBACK_MESSAGE,
  apiConfig,
  ApiError,
  buildUrl,
  localClockHeaders,
} from "../../../client/runtime/api.ts";
import { dismissAllToasts } from "../../../client/runtime/toast.ts";

const original = { ...apiConfig };

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  apiConfig.fetch = fn;
  return fn;
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

describe("api", () => {
  let notify: ReturnType<typeof vi.fn<typeof apiConfig.notify>>;
  let navigate: ReturnType<typeof vi.fn<typeof apiConfig.navigate>>;
  beforeEach(() => {
    notify = vi.fn<typeof apiConfig.notify>();
    navigate = vi.fn<typeof apiConfig.navigate>();
    apiConfig.notify = notify;
    apiConfig.navigate = navigate;
  });
  afterEach(() => {
    Object.assign(apiConfig, original);
    if (hasDom) dismissAllToasts();
  });

  test("sends JSON with the local date/time and API version headers, same-origin credentials", async () => {
    const fetch = stubFetch(async () => jsonResponse({ ok: 1 }));
    const result = await api<{ ok: number }>("POST", "/api/livestock/orders", { a: 1 });
    expect(result).toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/livestock/orders");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe('{"a":1}');
    const headers = init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["X-Api-Version"]).toBe("1");
    expect(headers["X-Local-Date"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers["X-Local-Time"]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(headers.Authorization).toBeUndefined();
  });

  test("local clock headers use local time, zero padded", () => {
    expect(localClockHeaders(new Date(2024, 0, 5, 7, 8, 9))).toEqual({
      "X-Local-Date": "2024-01-05",
      "X-Local-Time": "07:08:09",
    });
  });

  test("relative paths go under /api/; array query values are comma-joined", () => {
    expect(buildUrl("user/GetDetailedUser")).toBe("/api/user/GetDetailedUser");
    expect(buildUrl("/api/x", { ids: [1, 2, 3], q: "a b", none: undefined, zero: 0 })).toBe(
      "/api/x?ids=1%2C2%2C3&q=a+b&zero=0",
    );
  });

  test("an empty 204 resolves undefined; GET sends no body", async () => {
    const fetch = stubFetch(async () => new Response(null, { status: 204 }));
    expect(await api("DELETE", "/api/x/1")).toBeUndefined();
    expect(fetch.mock.calls[0][1].body).toBeUndefined();
  });

  test("401 navigates to /logout without a toast", async () => {
    stubFetch(async () =>
      jsonResponse({ title: "Unauthenticated", message: "Login is required.", isValidation: false }, 401)
    );
    const err = await failure(api("GET", "/api/x"));
    expect(err.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith("/logout");
    expect(notify).not.toHaveBeenCalled();
  });

  test("logoutOn401: false turns a 401 into an ordinary error", async () => {
    stubFetch(async () =>
      jsonResponse({ title: "Unauthenticated", message: "Wrong password", isValidation: false }, 401)
    );
    const err = await failure(api("POST", "/api/user/login", {}, { logoutOn401: false }));
    expect(err.status).toBe(401);
    expect(navigate).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith("error", "Wrong password", "Signed out");
  });

  test("a validation 400 toasts a warning and carries field errors", async () => {
    stubFetch(async () =>
      jsonResponse({
        title: "Bad Request",
        message: "name: Required",
        isValidation: true,
        errors: [{ field: "name", message: "Required" }],
      }, 400)
    );
    const err = await failure(api("POST", "/api/x", {}));
    expect(err).toMatchObject({
      status: 400,
      title: "Bad Request",
      message: "name: Required",
      isValidation: true,
    });
    expect(err.errors).toEqual([{ field: "name", message: "Required" }]);
    expect(err.fieldMessages()).toEqual({ name: "Required" });
    // the toast speaks plainly: the field's words under a plain title, never "Bad Request" or field names
    expect(notify).toHaveBeenCalledWith("warning", "Required", "Please check what you entered");
  });

  test('a refused action (400, not a form\'s fields) is headed in plain words, never "Bad Request"', async () => {
    stubFetch(async () =>
      jsonResponse({ title: "Bad Request", message: "That order is cancelled.", isValidation: false }, 400)
    );
    await failure(api("POST", "/api/x", {}));
    expect(notify).toHaveBeenCalledWith("error", "That order is cancelled.", "Not done");
  });

  test("other errors toast as errors with the catalogue title and the fallback text", async () => {
    stubFetch(async () => new Response("", { status: 500 }));
    const err = await failure(api("GET", "/api/x"));
    expect(err).toMatchObject({ status: 500, title: "Unexpected Error", message: API_FALLBACK_MESSAGE });
    // the toast heads it in plain words; the error keeps the catalogue's title
    expect(notify).toHaveBeenCalledWith("error", API_FALLBACK_MESSAGE, "Something went wrong");

    stubFetch(async () =>
      jsonResponse({ title: "Change Conflict", message: "Reload and try again.", isValidation: false }, 409)
    );
    expect(await failure(api("PUT", "/api/x", {}))).toMatchObject({ status: 409, title: "Change Conflict" });
    stubFetch(async () => new Response("<html>gateway</html>", { status: 404 }));
    expect(await failure(api("GET", "/api/x"))).toMatchObject({
      title: "Not Found",
      message: API_FALLBACK_MESSAGE,
    });
    stubFetch(async () => new Response(null, { status: 403 }));
    expect(await failure(api("GET", "/api/x"))).toMatchObject({ title: "Unauthorised" });
  });

  test("no response: 'Network Error' / 'Check connection'", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const err = await failure(api("GET", "/api/x"));
    expect(err).toMatchObject({ status: 0, title: "Network Error", message: "Check connection" });
    expect(notify).toHaveBeenCalledWith("error", "Check connection", "Network Error");
  });

  test("an aborted request throws without a toast", async () => {
    const controller = new AbortController();
    stubFetch((_url, init) =>
      new Promise((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })
    );
    const pending = api("GET", "/api/x", undefined, { signal: controller.signal });
    controller.abort();
    const err = await failure(pending);
    expect(err.aborted).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  test("silent calls do not toast", async () => {
    stubFetch(async () => new Response(null, { status: 500 }));
    await failure(api("GET", "/api/x", undefined, { silent: true }));
    expect(notify).not.toHaveBeenCalled();
  });
});
