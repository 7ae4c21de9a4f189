/**
 * The error toast names the answer's request id as a reference to quote (issue 40 item 2); a validation
 * warning (the user's own to fix) does not.
 */
import { jsonResponse } from "../unit/client/dom.ts"; // first: installs the DOM
import { afterEach, expect, test, vi } from "vitest";
import { api, apiConfig, ApiError } from "../../client/runtime/api.ts";

const original = { ...apiConfig };
afterEach(() => void Object.assign(apiConfig, original));

function failing(status: number, body: unknown, requestId: string | null) {
  apiConfig.fetch = () => {
    const res = jsonResponse(body, status);
    if (requestId) res.headers.set("X-Request-Id", requestId);
    return Promise.resolve(res);
  };
}

test("an error toast ends with Reference: <id>, and the error keeps the id", async () => {
  const notify = vi.fn<typeof apiConfig.notify>();
  apiConfig.notify = notify;
  failing(
    500,
    { title: "Unexpected Error", message: "Something went wrong.", isValidation: false },
    "abc-123",
  );
  const error = await api("GET", "/api/x").catch((e) => e as ApiError);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).requestId).toBe("abc-123");
  expect(notify).toHaveBeenCalledWith(
    "error",
    "Something went wrong. Reference: abc-123",
    "Something went wrong", // the catalogue's "Unexpected Error" in plain words
  );
});

test("a validation warning carries no reference; an answer without an id neither", async () => {
  const notify = vi.fn<typeof apiConfig.notify>();
  apiConfig.notify = notify;
  failing(400, { title: "Bad Request", message: "Check it.", isValidation: true, errors: [] }, "abc-124");
  await api("POST", "/api/x", {}).catch(() => {});
  expect(notify.mock.calls[0][1]).not.toContain("Reference");
  failing(409, { title: "Change Conflict", message: "Reload and try again.", isValidation: false }, null);
  await api("PUT", "/api/x", {}).catch(() => {});
  expect(notify.mock.calls[1][1]).toBe("Reload and try again.");
});
