/**
 * saveRow (server/areas/savedRow.ts) on a real tenant database: a new row gets both stamps and a "create"
 * entry; an update moves lastModified strictly later (even within one millisecond of the last save) and
 * records only what changed; a named change records its own word; a rollback leaves neither row nor entry;
 * a table without createdAt but with modifiedBy gets the saver's name instead.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { auditLog, productCodes, specificationTypes } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../../../server/areas/context.ts";
import { saveRow } from "../../../server/areas/savedRow.ts";
import { contextOf } from "../../helpers/areaContext.ts";

let t: TestApp;
let ctx: AreaContext;

beforeAll(async () => {
  t = await startTestApp();
  ctx = await contextOf(t, "admin@demo.processor");
});
afterAll(() => t.close());

const ENTITY = "savedRowTest";
const entries = (id: number) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, ENTITY), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const values = { name: "Rump fat", categoryId: 1, metric: "fatDepthMm" };

describe("saveRow", () => {
  test("a new row: both stamps the same, a create entry with the values", async () => {
    const row = await ctx.write((_tx, unit) =>
      saveRow(unit, specificationTypes, { entity: ENTITY, current: null, values })
    );
    expect(row).toMatchObject(values);
    expect(row.createdAt).toBe(row.lastModified);
    expect(await entries(row.id)).toMatchObject([{ action: "create", after: values }]);
  });

  test("an update: lastModified strictly later, createdAt kept, only the changed values recorded", async () => {
    const created = await ctx.write((_tx, unit) =>
      saveRow(unit, specificationTypes, { entity: ENTITY, current: null, values })
    );
    // a stamp in the future: the next save must still land after it, not at the clock's now
    const ahead = new Date(Date.parse(created.lastModified!) + 60_000).toISOString();
    const [current] = await ctx.db.update(specificationTypes).set({ lastModified: ahead })
      .where(eq(specificationTypes.id, created.id)).returning();
    const saved = await ctx.write((_tx, unit) =>
      saveRow(unit, specificationTypes, { entity: ENTITY, current, values: { ...values, name: "P8 fat" } })
    );
    expect(saved.name).toBe("P8 fat");
    expect(saved.createdAt).toBe(created.createdAt);
    expect(saved.lastModified! > ahead).toBe(true);
    const [, update] = await entries(created.id);
    expect(update).toMatchObject({
      action: "update",
      before: { name: "Rump fat" },
      after: { name: "P8 fat" },
    });
  });

  test("a named change records its word with what changed", async () => {
    const current = await ctx.write((_tx, unit) =>
      saveRow(unit, specificationTypes, { entity: ENTITY, current: null, values })
    );
    await ctx.write((_tx, unit) =>
      saveRow(unit, specificationTypes, {
        entity: ENTITY,
        current,
        values: { metric: "hscwKg" },
        action: "remeasure",
      })
    );
    const [, named] = await entries(current.id);
    expect(named).toMatchObject({
      action: "remeasure",
      before: { metric: "fatDepthMm" },
      after: { metric: "hscwKg" },
    });
  });

  test("a table with modifiedBy and no createdAt: the saver's name, on insert and update", async () => {
    const code = {
      speciesId: 1,
      code: "SAVEDROW-1",
      description: "Test cut",
      kind: "product",
      isActive: true,
    };
    const made = await ctx.write((_tx, unit) =>
      saveRow(unit, productCodes, { entity: ENTITY, current: null, values: code })
    );
    expect(made).toMatchObject({ ...code, modifiedBy: "Admin Demo" });
    expect("createdAt" in made).toBe(false);
    const changed = await ctx.write((_tx, unit) =>
      saveRow(unit, productCodes, { entity: ENTITY, current: made, values: { description: "Renamed" } })
    );
    expect(changed).toMatchObject({ description: "Renamed", modifiedBy: "Admin Demo" });
  });

  test("in a unit that fails: no row and no entry", async () => {
    let madeId = 0;
    await expect(ctx.write(async (_tx, unit) => {
      madeId = (await saveRow(unit, specificationTypes, { entity: ENTITY, current: null, values })).id;
      throw new Error("refused after the save");
    })).rejects.toThrow("refused after the save");
    expect(madeId).toBeGreaterThan(0);
    expect(await ctx.db.select().from(specificationTypes).where(eq(specificationTypes.id, madeId))).toEqual(
      [],
    );
    expect(await entries(madeId)).toEqual([]);
  });
});
