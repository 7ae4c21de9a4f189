/**
 * One unit of work (server/areas/unit.ts) on a real tenant database and the real push bus: the
 * announcements go out after the commit and only then, none after a rollback, every one even when
 * another fails, the same one once; after-commit work runs once the change is saved, never on a rollback.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { auditLog } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../../../server/areas/context.ts";
import { contextOf, recordEvents } from "../../helpers/areaContext.ts";

let t: TestApp;
let ctx: AreaContext;
let bus: ReturnType<typeof recordEvents>;

beforeAll(async () => {
  t = await startTestApp();
  ctx = await contextOf(t, "admin@demo.processor");
  bus = recordEvents(t);
});
afterAll(async () => {
  bus.stop();
  await t.close();
});

const targetsSent = () =>
  bus.events.filter((m) => m.kind === "event" && m.target === "killVolumeTargetUpdated")
    .map((m) => m.kind === "event" && { group: m.group, payload: m.payload });
const auditRows = (entityId: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, "unitTest"), eq(auditLog.entityId, entityId)));

describe("ctx.write", () => {
  test("records the audit row in the transaction and announces only after the commit", async () => {
    bus.clear();
    let sentInside = -1;
    const result = await ctx.write(async (_tx, unit) => {
      await unit.audit({ entity: "unitTest", entityId: 1, action: "create", after: { n: 1 } });
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 1 });
      sentInside = targetsSent().length;
      return "done";
    });
    expect(result).toBe("done");
    expect(sentInside).toBe(0);
    expect(targetsSent()).toEqual([{ group: "KillVolumeTargets", payload: { killVolumeTargetId: 1 } }]);
    expect(await auditRows("1")).toMatchObject([{ action: "create", after: { n: 1 } }]);
  });

  test("on a rollback: nothing saved, nothing announced, no after-commit work", async () => {
    bus.clear();
    let afterRan = false;
    const failure = new Error("refused half-way");
    await expect(ctx.write(async (_tx, unit) => {
      await unit.audit({ entity: "unitTest", entityId: 2, action: "create" });
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 2 });
      unit.afterCommit(() => (afterRan = true));
      throw failure;
    })).rejects.toBe(failure);
    expect(targetsSent()).toEqual([]);
    expect(afterRan).toBe(false);
    expect(await auditRows("2")).toEqual([]);
  });

  test("after the commit every announcement goes out, even when another fails; the caller is not failed", async () => {
    bus.clear();
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await ctx.write((_tx, unit) => {
        // a payload the event's schema refuses: its emit throws
        unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: "not a number" } as never);
        unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 3 });
        unit.afterCommit(() => Promise.reject(new Error("a cache that could not be told")));
        return Promise.resolve();
      });
    } finally {
      console.error = error;
    }
    expect(targetsSent()).toEqual([{ group: "KillVolumeTargets", payload: { killVolumeTargetId: 3 } }]);
    expect(logged.length).toBe(2);
  });

  test("the same announcement goes once; another payload or qualifier is another", async () => {
    bus.clear();
    await ctx.write((_tx, unit) => {
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 4 });
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 4 });
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 5 });
      unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: 4 }, { qualifier: 2 });
      return Promise.resolve();
    });
    expect(targetsSent()).toEqual([
      { group: "KillVolumeTargets", payload: { killVolumeTargetId: 4 } },
      { group: "KillVolumeTargets", payload: { killVolumeTargetId: 5 } },
      { group: "KillVolumeTargets:2", payload: { killVolumeTargetId: 4 } },
    ]);
  });

  test("after-commit work runs once the change is saved (it sees it outside the transaction)", async () => {
    let seen: unknown[] | null = null;
    let ranInside = false;
    await ctx.write(async (_tx, unit) => {
      await unit.audit({ entity: "unitTest", entityId: 6, action: "create" });
      unit.afterCommit(async () => (seen = await auditRows("6")));
      ranInside = seen !== null;
    });
    expect(ranInside).toBe(false);
    expect(seen).toHaveLength(1);
  });
});
