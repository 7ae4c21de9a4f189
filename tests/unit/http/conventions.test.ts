import { describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { commaList } from "../../../server/http/validation.ts";
import { PathRegistry } from "../../../server/http/paths.ts";
import { ApiError } from "../../../server/http/errors.ts";

describe("commaList", () => {
  const ids = commaList(z.coerce.number().int());
  it("accepts comma-joined and repeated query values alike", () => {
    expect(ids.parse("1,2,3")).toEqual([1, 2, 3]);
    expect(ids.parse(["1,2", "3"])).toEqual([1, 2, 3]);
    expect(ids.parse(" 4 , ,5 ")).toEqual([4, 5]);
  });
  it("rejects an item of the wrong type", () => {
    expect(ids.safeParse("1,x").success).toBe(false);
  });
});

describe("PathRegistry", () => {
  const paths = new PathRegistry();
  paths.load([
    { method: "POST", path: "/login/login" },
    { method: "GET", path: "/api/user/GetTenantUser/:id" },
    { method: "ALL", path: "*" },
  ]);
  it("rewrites API paths to the documented spelling, keeping parameters as sent", () => {
    expect(paths.canonical("/LOGIN/LOGIN")).toBe("/login/login");
    expect(paths.canonical("/api/USER/gettenantuser/AbC")).toBe("/api/user/GetTenantUser/AbC");
    expect(paths.canonical("/home/userHome")).toBe("/home/userHome");
  });
  it("knows which methods a documented path allows", () => {
    expect(paths.allowedMethods("/login/login")).toEqual(["POST"]);
    expect(paths.allowedMethods("/api/user/GetTenantUser/5")).toEqual(["GET"]);
    expect(paths.allowedMethods("/api/nothing")).toEqual([]);
  });
});

describe("ApiError", () => {
  it("speaks the catalogue", () => {
    expect(new ApiError(409).body).toEqual({
      title: "Change Conflict",
      message: "The requested action has already been completed.",
      isValidation: false,
    });
    expect(new ApiError(418).body.title).toBe("Unexpected Error");
    const zodError = z.object({ a: z.string() }).safeParse({}).error!;
    expect(ApiError.fromZod(zodError).body).toMatchObject({
      title: "Bad Request",
      isValidation: true,
      errors: [{ field: "a" }],
    });
  });
});
