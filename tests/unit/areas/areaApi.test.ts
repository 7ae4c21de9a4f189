/**
 * areaApi (server/areas/areaApi.ts) over the real request path: a router written from declarations,
 * mounted behind the app's own identify and clientClock middleware on a real tenant database. A GET gets
 * its path parameters and query as one object, a POST its parsed body; a page of rows carries its total
 * in X-Total-Count; a file answers with its type and name; the access rule is enforced before the body
 * is read, so a caller without access gets a 403 however malformed the body.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { areaApi } from "../../../server/areas/areaApi.ts";
import type { AppEnv } from "../../../server/env.ts";
import { identify } from "../../../server/http/auth.ts";
import { clientClock } from "../../../server/http/clientClock.ts";
import { ApiError, errorResponse } from "../../../server/http/errors.ts";
import { IdParam, PageQuery } from "../../../server/http/params.ts";
import { SIGNED_IN, SUPER } from "../../../server/access/apiAccess.ts";

const Thing = z.object({ id: z.number(), q: z.string().nullable(), tenantId: z.number(), today: z.string() });
const SaveBody = z.object({ name: z.string().min(1) });

const api = areaApi(["Kit test"]);
api.get(
  "/api/kitTest/GetThing/{id}",
  "One thing",
  { params: IdParam, query: z.object({ q: z.string().optional() }) },
  Thing,
  SIGNED_IN,
  (ctx, { id, q }) => ({ id, q: q ?? null, tenantId: ctx.tenantId, today: ctx.today }),
);
api.post(
  "/api/kitTest/SaveThing",
  "Saves a thing (super only)",
  SaveBody,
  z.object({ saved: z.string(), by: z.string() }),
  SUPER,
  (ctx, body) => ({ saved: body.name, by: ctx.caller.user.email }),
);
api.post(
  "/api/kitTest/NameThing",
  "Names a thing",
  SaveBody,
  z.object({ saved: z.string() }),
  SIGNED_IN,
  (_ctx, body) => ({ saved: body.name.toUpperCase() }),
);
const ROWS = Array.from({ length: 5 }, (_, i) => ({ n: i }));
api.page(
  "/api/kitTest/GetThings",
  "Things, a page at a time",
  { query: PageQuery },
  z.object({ n: z.number() }),
  SIGNED_IN,
  (_ctx, { startIndex = 0, pageSize = 2 }) => ({
    rows: ROWS.slice(startIndex, startIndex + pageSize),
    total: ROWS.length,
  }),
);
api.file(
  "/api/kitTest/GetThingCsv/{id}",
  "A thing as CSV",
  { params: IdParam },
  "csv",
  SIGNED_IN,
  (_ctx, { id }) => ({ body: `id\n${id}\n`, name: `thing-${id}` }),
);

let t: TestApp;
let app: OpenAPIHono<AppEnv>;
let admin = "";
let superUser = "";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin@demo.processor");
  superUser = await t.login("super@demo.processor");
  // the app's own middleware in front of the router (server/app.ts)
  app = new OpenAPIHono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("app", t.services);
    await next();
  });
  app.use("*", identify);
  app.use("*", clientClock);
  app.route("/", api.router());
  app.onError((error, c) =>
    error instanceof ApiError ? errorResponse(c, error) : errorResponse(c, new ApiError(500))
  );
});
afterAll(() => t.close());

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  app.request(`http://localhost${path}`, {
    ...init,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });

describe("areaApi", () => {
  test("a GET hands the operation its path parameters and query as one object, over the caller's context", async () => {
    const res = await call("/api/kitTest/GetThing/7?q=lot", { token: admin });
    expect(res.status).toBe(200);
    const tenant = await t.services.db.control.query.tenants.findFirst();
    expect(await res.json()).toMatchObject({ id: 7, q: "lot", tenantId: tenant!.id });
    expect((await call("/api/kitTest/GetThing/0", { token: admin })).status).toBe(400);
    expect((await call("/api/kitTest/GetThing/7")).status).toBe(401);
  });

  test("a POST hands the operation its parsed body; a body its schema refuses is 400 in words", async () => {
    const ok = await call("/api/kitTest/NameThing", {
      method: "POST",
      token: admin,
      body: '{"name":"lot 4"}',
    });
    expect([ok.status, await ok.json()]).toEqual([200, { saved: "LOT 4" }]);
    const refused = await call("/api/kitTest/NameThing", {
      method: "POST",
      token: admin,
      body: '{"name":""}',
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).isValidation).toBe(true);
  });

  test("access is decided before the body is read: 403 for a malformed body from a caller without access", async () => {
    for (const body of ['{"name":', '{"name":""}', '{"name":"x"}']) {
      expect((await call("/api/kitTest/SaveThing", { method: "POST", token: admin, body })).status).toBe(403);
    }
    expect((await call("/api/kitTest/SaveThing", { method: "POST", body: '{"name":' })).status).toBe(401);
    const saved = await call("/api/kitTest/SaveThing", {
      method: "POST",
      token: superUser,
      body: '{"name":"x"}',
    });
    expect([saved.status, await saved.json()]).toEqual([200, { saved: "x", by: "super@demo.processor" }]);
  });

  test("a page answers its rows, the total in X-Total-Count", async () => {
    const res = await call("/api/kitTest/GetThings?startIndex=2&pageSize=2", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("5");
    expect(await res.json()).toEqual([{ n: 2 }, { n: 3 }]);
  });

  test("a file answers its type and name, no cast needed", async () => {
    const res = await call("/api/kitTest/GetThingCsv/12", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("thing-12.csv");
    expect(await res.text()).toBe("id\n12\n");
  });
});
