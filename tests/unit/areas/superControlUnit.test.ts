/**
 * The super area's unit of work on the control database (server/areas/super/controlUnit.ts), on the real
 * control database and push bus: the super audit row is in the transaction, announcements and other
 * after-commit work happen only after the commit, none after a rollback, and a failing one does not keep
 * the others from running.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { superAudit } from "../../../db/control/schema.ts";
import type { AreaContext } from "../../../server/areas/context.ts";
import { controlWrite } from "../../../server/areas/super/controlUnit.ts";
import { contextOf, recordEvents } from "../../helpers/areaContext.ts";

let t: TestApp;
let ctx: AreaContext;
let bus: ReturnType<typeof recordEvents>;

beforeAll(async () => {
  t = await startTestApp();
  ctx = await contextOf(t, "super@demo.processor");
  bus = recordEvents(t);
});
afterAll(async () => {
  bus.stop();
  await t.close();
});

const refreshesSent = () =>
  bus.events.filter((m) => m.kind === "event" && m.target === "forceRefresh").map((m) =>
    m.kind === "event" && m.payload
  );
const auditRows = (action: string) =>
  t.services.db.control.select().from(superAudit).where(eq(superAudit.action, action));

describe("controlWrite", () => {
  test("writes the super audit row in the transaction and announces only after the commit", async () => {
    bus.clear();
    let sentInside = -1;
    const result = await controlWrite(ctx, async (_tx, unit) => {
      await unit.audit({ tenantId: ctx.tenantId, action: "ControlUnitTestCommit", detail: { n: 1 } });
      unit.announce(ctx.tenantId, "forceRefresh", { reason: "control unit test" });
      sentInside = refreshesSent().length;
      return "done";
    });
    expect(result).toBe("done");
    expect(sentInside).toBe(0);
    expect(refreshesSent()).toEqual([{ reason: "control unit test" }]);
    expect(await auditRows("ControlUnitTestCommit")).toMatchObject([{ detail: { n: 1 } }]);
  });

  test("on a rollback: no audit row, nothing announced, no after-commit work", async () => {
    bus.clear();
    let afterRan = false;
    const failure = new Error("refused half-way");
    await expect(controlWrite(ctx, async (_tx, unit) => {
      await unit.audit({ tenantId: ctx.tenantId, action: "ControlUnitTestRollback" });
      unit.announce(ctx.tenantId, "forceRefresh", { reason: "rolled back" });
      unit.afterCommit(() => (afterRan = true));
      throw failure;
    })).rejects.toBe(failure);
    expect(await auditRows("ControlUnitTestRollback")).toEqual([]);
    expect(refreshesSent()).toEqual([]);
    expect(afterRan).toBe(false);
  });

  test("after the commit every piece of work runs even when one fails, and the caller is not told", async () => {
    bus.clear();
    const ran: string[] = [];
    await controlWrite(ctx, (_tx, unit) => {
      unit.afterCommit(() => Promise.reject(new Error("the cache was away")));
      unit.afterCommit(() => void ran.push("second"));
      unit.announce(ctx.tenantId, "forceRefresh", { reason: "still told" });
      return Promise.resolve();
    });
    expect(ran).toEqual(["second"]);
    expect(refreshesSent()).toEqual([{ reason: "still told" }]);
  });
});
