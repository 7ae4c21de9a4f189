/**
 * A client generated from the published document drives the API as an integrator's would (issue 45):
 * openapi-typescript turns /api/openapi.json into types, `deno check` proves the integrator's calls
 * (generatedClient/bookAndLoad.ts) fit them, and the same calls then run over real HTTP through
 * openapi-fetch: sign in, book an order, record a load, read the order back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import openapiTS, { astToString } from "openapi-typescript";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { PLANT_DAY } from "../helpers/clock.ts";

const here = new URL("./generatedClient/", import.meta.url);
let t: Awaited<ReturnType<typeof serveTestApp>>;

beforeAll(async () => {
  t = await serveTestApp();
});
afterAll(() => t?.close());

describe("a client generated from the OpenAPI document", () => {
  it("types the integrator's calls and books an order, records a load and reads it back", async () => {
    const doc = await (await fetch(`${t.origin}/api/openapi.json`)).json();
    // a property with a default may be left out of a body: not "required" in the generated types
    const types = astToString(await openapiTS(doc, { defaultNonNullable: false }));
    await Deno.writeTextFile(new URL("api.d.ts", here), types);
    expect(types).toContain('"/api/livestock/UpsertLivestockOrderAndGroup"');

    // the integrator's code type-checks against the generated types (a drifted document fails here)
    const check = await new Deno.Command(Deno.execPath(), {
      args: [
        "check",
        "--quiet",
        "--config",
        new URL("../../deno.json", import.meta.url).pathname,
        "bookAndLoad.ts",
      ],
      cwd: here.pathname,
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(new TextDecoder().decode(check.stderr), "deno check of the generated client").toBe("");
    expect(check.code).toBe(0);

    const { bookLoadAndRead } = await import("./generatedClient/bookAndLoad.ts");
    const { order, read, refused } = await bookLoadAndRead(
      t.origin,
      { email: "user@demo.processor", password: TEST_PASSWORD },
      PLANT_DAY,
    );
    expect(order.quantityOrdered).toBe(120);
    expect(read.id).toBe(order.id);
    expect(read.liveDelivered).toBe(118);
    expect(refused.status).toBe(404);
    expect(refused.error).toMatchObject({ title: expect.any(String), message: expect.any(String) });
  }, 180_000); // type-checking the generated types is a compiler run
});
