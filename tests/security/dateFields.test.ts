/**
 * Every date a client sends is a calendar date (or a moment) through the shared schemas of
 * server/http/validation.ts (issue 35 §6): a walk over the served OpenAPI document finds each request
 * parameter and body field named like a date or a moment and asks for its declared format; and the
 * integration error report, which stored any text as its date, refuses what is not one.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { type JsonSchema, operationsOf } from "./openapi.ts";
import { integrationErrors } from "../../db/tenant/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/**
 * A name that holds a day or a moment: productionDate, fromDate, date, focusDay, scannedAt, …Utc. Not
 * lastModified(Utc): that is a token the client sends back as it read it, compared for equality only.
 */
const DATE_LIKE = /^(?!lastModified)(date|day|.*Date|.*Day|.*[a-z]At|.*Utc)$/;

/** Where a schema lets a date-like string field through without a date format: `path` per field. */
function plainDates(schema: JsonSchema | undefined, path: string, out: string[]) {
  if (!schema || typeof schema !== "object") return;
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) plainDates(alt, path, out);
  if (schema.items) plainDates(schema.items, `${path}[]`, out);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (DATE_LIKE.test(name) && !isDateSchema(field)) out.push(`${path}.${name}`);
    plainDates(field, `${path}.${name}`, out);
  }
}

function isDateSchema(s: JsonSchema): boolean {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.every((a) => a.type === "null" || isDateSchema(a));
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (!types.includes("string")) return true; // a number of days, a flag: not a date given as text
  return s.format === "date" || s.format === "date-time";
}

describe("dates clients send", () => {
  test("every date-named request parameter and body field is declared a date or a date-time", async () => {
    const doc = await (await t.request("/api/openapi.json")).json();
    const plain: string[] = [];
    for (const op of operationsOf(doc)) {
      for (const p of op.params) {
        if (DATE_LIKE.test(p.name) && !isDateSchema(p.schema)) plain.push(`${op.name} ${p.in} ${p.name}`);
      }
      plainDates(op.body, `${op.name} body`, plain);
    }
    expect(plain).toEqual([]);
  });

  test("an integration error report's date must be a real moment; a good one is kept as given", async () => {
    const token = await t.login("super@demo.processor"); // as the plant's interchange client
    const me = await (await t.request("/login/usermodel", { token })).json();
    const db = await t.services.db.tenantDb(me.tenantId);
    const before = await db.select().from(integrationErrors);
    const report = (date: string) =>
      t.request("/api/killfloor/ReportIntegrationError", {
        method: "POST",
        token,
        json: { errorItemId: "E-1", date, integrationPartner: "Scales", errorType: "Timeout", message: "x" },
      });
    for (
      const bad of ["not a date", "2026-02-30", "9999-99-99", "2026-02-30T10:00:00Z", "2026-11-27T25:00:00Z"]
    ) {
      const res = await report(bad);
      expect(res.status, bad).toBe(400);
      const body = await res.json();
      expect(body.isValidation).toBe(true);
      expect(body.errors[0].field).toBe("date");
      expect(body.errors[0].message).not.toMatch(/regex|ZodError|invalid_/i);
    }
    expect(await db.select().from(integrationErrors)).toEqual(before);
    expect((await report("2026-11-27T05:44:00+11:00")).status).toBe(200);
    const rows = await db.select().from(integrationErrors);
    expect(rows.at(-1)!.date).toBe("2026-11-26T18:44:00.000Z");
  });
});
