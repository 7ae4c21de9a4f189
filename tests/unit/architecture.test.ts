/**
 * The folder rules of ARCHITECTURE.md, read from the import graph of every .ts/.tsx file of the app
 * (server/, client/, db/, kernel/, display/, reports/; tests/unit/architecture/graph.ts): what each
 * folder may import (rules.ts), no import circle wider than one folder (cycles.ts), and only a table's
 * owning area writes it (owners.ts, db/tenant/owners.ts). Each rule is first tried on a made-up graph.
 */
import { describe, expect, it } from "vitest";
import { buildGraph, importMapOf, readTree } from "./architecture/graph.ts";
import { checkGraph } from "./architecture/rules.ts";
import { crossFolderCycles, folderOf, inFolderCycles, stronglyConnected } from "./architecture/cycles.ts";
import { ownershipViolations, tableWrites } from "./architecture/owners.ts";
import { TABLE_OWNERS } from "../../db/tenant/owners.ts";

/**
 * The one area that may write every table: super › tenant data copies a whole tenant database out and
 * back in (and clears it), table by table, below any area's rules; it writes no table's rows one by one.
 */
const OWNERSHIP_EXCEPTIONS = {
  "super/data": "copies, restores and clears whole tenant databases, every table alike",
};

describe("the checker (self-check on a made-up graph)", () => {
  const sources = new Map(Object.entries({
    "client/islands/Good.tsx": `import { a } from "../../server/areas/pricing/rules.ts";
import { fmt } from "../../server/pages/format.ts";
import { ERR } from "../../server/http/catalogue.ts";`,
    "client/islands/Bad.tsx": `import {
  svc,
} from "../../server/areas/pricing/service.ts";
const x = await import("../../db/client.ts");`,
    "client/islands/Impure.tsx": `import { b } from "../../server/areas/orders/rules.ts";`,
    "server/areas/pricing/rules.ts": `export * from "./rules/grid.ts";
import { addDays } from "../dates.ts";`,
    "server/areas/pricing/rules/grid.ts": `export const g = 1;`,
    "server/areas/pricing/service.ts": `import { db } from "../../../db/client.ts";
import { x } from "../orders/service.ts";
import { g } from "../livestock/parties/rules/helper.ts";
import { PATHS } from "../users/api.ts";
import { usersApi } from "../users/api.ts";`,
    "server/areas/orders/rules.ts": `import { openDb } from "../../../db/client.ts";`,
    "server/areas/orders/service.ts": `import { grid } from "../pricing/rules/grid.ts";
import type { Page } from "../pricing/pages/Grid.tsx";`,
    "server/areas/livestock/parties/rules.ts": `export { gridText } from "../../pricing/pages/gridText.ts";`,
    "server/areas/pricing/pages/gridText.ts": `export const gridText = 1;`,
    "server/areas/users/service.ts": `import { gridText } from "../pricing/pages/gridText.ts";`,
    "server/areas/livestock/parties/rules/helper.ts": `export const g = 1;`,
    "server/areas/livestock/orders/seed.ts": `import { MOB } from "../enums.ts";
import { seedParties } from "../parties/seed.ts";`,
    "server/areas/users/api.ts": `export const PATHS = {};`,
    "server/areas/dates.ts": `export const addDays = 1;`,
    "server/areas/mod.ts": `import { usersApi } from "./users/api.ts";
import { PAGES } from "./livestock/routes.ts";`,
    "server/areas/context.ts": `import { s } from "./livestock/orders/seed.ts";`,
    "server/access/policy.ts": `import { z } from "zod";
import { r } from "./roles.ts";
// Deno.env in a comment is fine
export const env = Deno.env.get("X");`,
    "server/access/roles.ts": `import { ApiError } from "../http/errors.ts";
const ANY = "/livestock/*"; // a glob in a string is not a comment
export const cwd = Deno.cwd();
/** a doc comment */`,
    "server/push/hub.ts": `import { ordersEvents } from "../areas/orders/events.ts";`,
    "db/seed.ts": `import { hash } from "../server/auth/password.ts";`,
    "db/client.ts": `import { createClient } from "@libsql/client";`,
    "server/pages/format.ts": `export const fmt = 1;`,
    "server/http/catalogue.ts": `export const ERR = 1;`,
  }));
  const graph = buildGraph(sources);
  const { violations, allowed } = checkGraph(graph);

  it("parses multi-line, re-export and dynamic imports", () => {
    expect(graph.edges.find((e) => e.from === "client/islands/Bad.tsx" && e.kind === "import")?.to)
      .toBe("server/areas/pricing/service.ts");
    expect(graph.edges.find((e) => e.kind === "dynamic")?.to).toBe("db/client.ts");
    expect(graph.edges.find((e) => e.kind === "export")?.to).toBe("server/areas/pricing/rules/grid.ts");
    expect(graph.edges.find((e) => e.to === "server/pages/format.ts")?.names).toEqual(["fmt"]);
    expect(graph.unparsed).toEqual([]);
  });

  it("reports exactly the bad edges", () => {
    expect(violations.sort()).toEqual([
      "access does I/O: server/access/policy.ts uses Deno.",
      "access does I/O: server/access/roles.ts uses Deno.",
      "access imports a package: server/access/policy.ts → zod (package) (server/access is pure: its own files only)",
      "access imports server/http: server/access/roles.ts → server/http/errors.ts",
      "area (shared) imports livestock/orders internals: server/areas/context.ts → server/areas/livestock/orders/seed.ts (./livestock/orders/seed.ts)",
      "area livestock/orders imports livestock/parties internals: server/areas/livestock/orders/seed.ts → server/areas/livestock/parties/seed.ts (../parties/seed.ts)",
      "area orders imports pricing internals: server/areas/orders/service.ts → server/areas/pricing/pages/Grid.tsx (../pricing/pages/Grid.tsx)",
      "area pricing imports livestock/parties internals: server/areas/pricing/service.ts → server/areas/livestock/parties/rules/helper.ts (../livestock/parties/rules/helper.ts)",
      "area livestock/parties imports pricing internals: server/areas/livestock/parties/rules.ts → server/areas/pricing/pages/gridText.ts (../../pricing/pages/gridText.ts)",
      "area users imports pricing internals: server/areas/users/service.ts → server/areas/pricing/pages/gridText.ts (../pricing/pages/gridText.ts)",
      "area pricing imports users internals: server/areas/pricing/service.ts → server/areas/users/api.ts (../users/api.ts)",
      "client imports db: client/islands/Bad.tsx → db/client.ts",
      "client imports server: client/islands/Bad.tsx → server/areas/pricing/service.ts (not a shared pure module)",
      "client imports server: client/islands/Impure.tsx → server/areas/orders/rules.ts (not pure: server/areas/orders/rules.ts imports db/client.ts)",
      "db imports server/client: db/seed.ts → server/auth/password.ts",
      "push imports an area: server/push/hub.ts → server/areas/orders/events.ts",
      "the registry imports an area's insides: server/areas/mod.ts → server/areas/livestock/routes.ts (only each area's mod.ts)",
      "the registry imports an area's insides: server/areas/mod.ts → server/areas/users/api.ts (only each area's mod.ts)",
    ].sort());
    expect(allowed).toEqual({
      "client → shared server modules": 3,
      // orders → pricing/rules/grid.ts (re-exported by rules.ts), pricing → orders/service.ts,
      // pricing → users/api.ts PATHS, livestock/orders → livestock/enums.ts
      "area → another's public face": 4,
      "registry (server/areas/mod.ts) → areas": 2,
    });
  });
});

describe("the new rules (self-check on a made-up graph)", () => {
  it("finds circles wider than one folder, type-only imports included, and tells in-folder ones apart", () => {
    const graph = buildGraph(
      new Map(Object.entries({
        "server/env.ts": `import type { Clock } from "./http/clock.ts";`,
        "server/http/clock.ts": `import type { AppServices } from "../env.ts";`,
        "server/areas/pricing/a.ts": `import { b } from "./pages/b.tsx";`,
        "server/areas/pricing/pages/b.tsx": `import { a } from "../a.ts";`,
        "client/runtime/x.ts": `const y = () => import("./y.ts");`,
        "client/runtime/y.ts": `import { x } from "./x.ts";`,
        "server/areas/livestock/orders/q.ts": `import { p } from "../parties/p.ts";`,
        "server/areas/livestock/parties/p.ts": `import { q } from "../orders/q.ts";`,
        "server/areas/mod.ts": `import { killArea } from "./killAgenda/mod.ts";`,
        "server/areas/killAgenda/mod.ts": `import { seed } from "./seed.ts";`,
        "server/areas/killAgenda/seed.ts": `import type { DemoTenant } from "../mod.ts";`,
        "server/pages/Shell.tsx": `import { SHELL } from "../areas/mod.ts";`,
      })),
    );
    expect(folderOf("server/areas/killAgenda/operations/reorder.ts")).toBe("server/areas/killAgenda");
    expect(folderOf("server/areas/livestock/orders/q.ts")).toBe("server/areas/livestock/orders");
    expect(folderOf("server/areas/context.ts")).toBe("server/areas");
    expect(folderOf("client/islands/invoice/InvoiceTables.tsx")).toBe("client/islands");
    expect(folderOf("server/env.ts")).toBe("server");
    expect(stronglyConnected(graph).length).toBe(5);
    const cycles = crossFolderCycles(graph);
    expect(cycles.map((c) => c.split(";")[0]).sort()).toEqual([
      "import circle of 2 files through server, server/http",
      "import circle of 2 files through server/areas/livestock/orders, server/areas/livestock/parties",
      "import circle of 3 files through server/areas, server/areas/killAgenda",
    ]);
    expect(cycles.join("\n")).toContain("server/areas/killAgenda/seed.ts → server/areas/mod.ts (type)");
    expect(inFolderCycles(graph).map((c) => c.join(" ")).sort()).toEqual([
      "client/runtime/x.ts client/runtime/y.ts",
      "server/areas/pricing/a.ts server/areas/pricing/pages/b.tsx",
    ]);
  });

  it("fails the arrows that must not come back, and lets the registry and the kit through", () => {
    const graph = buildGraph(
      new Map(Object.entries({
        "server/env.ts": `import type { E } from "./areas/killAgenda/events.ts";
import type { P } from "./push/catalogue.ts";`,
        "server/app.ts": `import { AREAS } from "./areas/mod.ts";
import { killFloorApi } from "./areas/killFloor/api.ts";`,
        "server/main.ts": `import { seedDemo } from "./areas/killAgenda/seed.ts";`,
        "server/services.ts": `import { PUSH_CATALOGUE } from "./areas/mod.ts";`,
        "server/pages/Shell.tsx":
          `import { MaintenanceBanner } from "../areas/super/control/pages/Banner.tsx";
import { SHELL } from "../areas/mod.ts";
import { pageAreaContext } from "../areas/context.ts";`,
        "server/pages/router.tsx": `import { TvDocument } from "../areas/display/TvDocument.tsx";`,
        "server/areas/mod.ts": `import { superArea } from "./super/mod.ts";
import { usersArea } from "./users/mod.ts";
import { UserEdit } from "./users/pages/UserEdit.tsx";
import { ordersArea } from "./livestock/orders/mod.ts";`,
        "server/push/hub.ts": `import type { X } from "../areas/area.ts";`,
      })),
    );
    const { violations } = checkGraph(graph);
    expect(violations.sort()).toEqual([
      "env imports an area: server/env.ts → server/areas/killAgenda/events.ts",
      "push imports an area: server/push/hub.ts → server/areas/area.ts",
      "server/app.ts imports an area: server/app.ts → server/areas/killFloor/api.ts",
      "server/main.ts imports an area: server/main.ts → server/areas/killAgenda/seed.ts",
      "the page shell imports an area: server/pages/Shell.tsx → server/areas/super/control/pages/Banner.tsx",
      "the page shell imports an area: server/pages/router.tsx → server/areas/display/TvDocument.tsx",
      "the registry imports an area's insides: server/areas/mod.ts → server/areas/users/pages/UserEdit.tsx " +
      "(only each area's mod.ts)",
    ].sort());
  });

  it("lets an area call another's operations, shared reads and writes, a sub-area's too, never its helpers", () => {
    const graph = buildGraph(
      new Map(Object.entries({
        "server/areas/killAgenda/operations/schedule.ts":
          `import { markBooked } from "../../livestock/orders/writes.ts";
import { moveMob } from "../../stockyard/operations/moveMob.ts";
import { yardView } from "../../stockyard/queries/yardView.ts";
import { parse } from "../../storage/multipart.ts";
import { publish } from "../../storage/publishing/operations.ts";
import { step } from "../../stockyard/operations/steps/one.ts";`,
        "server/areas/storage/publishing/mod.ts": `export const publishingArea = {};`,
      })),
    );
    const { violations, allowed } = checkGraph(graph);
    expect(violations.sort()).toEqual([
      "area killAgenda imports stockyard internals: server/areas/killAgenda/operations/schedule.ts → " +
      "server/areas/stockyard/operations/steps/one.ts (../../stockyard/operations/steps/one.ts)",
      "area killAgenda imports storage internals: server/areas/killAgenda/operations/schedule.ts → " +
      "server/areas/storage/multipart.ts (../../storage/multipart.ts)",
    ]);
    expect(allowed).toEqual({ "area → another's public face": 4 });
  });

  it("finds each write by the table's imported name, alias or namespace, and fails a writer that is not the owner", () => {
    const graph = buildGraph(
      new Map(Object.entries({
        "server/areas/killAgenda/operations/send.ts": `import { eq } from "drizzle-orm";
import { killAgendas, livestockOrders as orders, stockMobs } from "../../../../db/tenant/schema.ts";
const mobs = stockMobs;
export async function send(tx) {
  await tx.update(killAgendas).set({ sent: true });
  await tx.update(orders).set({ status: "Booked" });
  await tx
    .insert(mobs)
    .values([]);
  // tx.delete(stockMobs) in a comment is no write
  store.delete(key);
}`,
        "server/areas/livestock/orders/writes.ts":
          `import * as tables from "../../../../db/tenant/livestock.ts";
export const markProcessed = (unit) => unit.tx.update(tables.livestockOrders).set({});`,
        "server/areas/stockyard/seed.ts": `import { pens, auditLog } from "../../../db/tenant/schema.ts";
await db.insert(pens).values([]);
await db.insert(auditLog).values([]);`,
        "server/areas/audit.ts": `import { auditLog } from "../../db/tenant/schema.ts";
await tx.insert(auditLog).values(row);`,
        "server/areas/super/data/operations.ts": `import * as schema from "../../../../db/tenant/schema.ts";
await tx.insert(target).values(values);
await tx.delete(schema.stockMobs);`,
        "server/areas/skins/operations.ts": `import { skinCounts } from "../../../db/tenant/schema.ts";
import { tenantSites } from "../../../db/control/schema.ts";
await tx.insert(table).values(values);
await control.insert(tenantSites).values({});
const t = table as typeof skinCounts;
await tx.update(t).set({});
await tx.delete(skinCounts);`,
      })),
    );
    expect(tableWrites(graph).map((w) => `${w.file}:${w.line} ${w.verb} ${w.table}`).sort()).toEqual([
      "server/areas/audit.ts:2 insert auditLog",
      "server/areas/killAgenda/operations/send.ts:5 update killAgendas",
      "server/areas/killAgenda/operations/send.ts:6 update livestockOrders",
      "server/areas/killAgenda/operations/send.ts:8 insert stockMobs",
      "server/areas/livestock/orders/writes.ts:2 update livestockOrders",
      "server/areas/skins/operations.ts:3 insert null",
      "server/areas/skins/operations.ts:6 update skinCounts",
      "server/areas/skins/operations.ts:7 delete skinCounts",
      "server/areas/stockyard/seed.ts:2 insert pens",
      "server/areas/stockyard/seed.ts:3 insert auditLog",
      "server/areas/super/data/operations.ts:2 insert null",
      "server/areas/super/data/operations.ts:3 delete stockMobs",
    ]);
    expect(ownershipViolations(graph, { owners: TABLE_OWNERS, exceptions: OWNERSHIP_EXCEPTIONS }).sort())
      .toEqual([
        "a write to a table the rule cannot name: server/areas/skins/operations.ts:3 .insert(table)",
        "auditLog is audit trail's, written by stockyard: server/areas/stockyard/seed.ts:3 .insert(auditLog)",
        "livestockOrders is livestock/orders's, written by killAgenda: " +
        "server/areas/killAgenda/operations/send.ts:6 .update(orders)",
        "stockMobs is stockyard's, written by killAgenda: server/areas/killAgenda/operations/send.ts:8 .insert(mobs)",
      ].sort());
  });
});

describe("the architecture (ARCHITECTURE.md) of the app", () => {
  const graph = buildGraph(
    readTree(["server", "client", "db", "kernel", "display", "reports"]),
    importMapOf(),
  );

  it("holds: every rule, every edge", () => {
    expect(graph.files.size).toBeGreaterThan(50);
    expect(graph.edges.length).toBeGreaterThan(200);
    // every local import inside the app's folders names a file that exists (so none escapes a rule)
    const inTree = (path: string) => /^(server|client|db|kernel|display|reports)\//.test(path);
    expect(
      graph.edges.filter((e) => e.local && inTree(e.to) && !graph.files.has(e.to))
        .map((e) => `${e.from} → ${e.to}`),
    ).toEqual([]);
    const { violations, allowed } = checkGraph(graph);
    console.log(
      `architecture: ${graph.files.size} files, ${graph.edges.length} imports; let through by the allow-lists: ` +
        Object.entries(allowed).map(([rule, n]) => `${rule} ${n}`).join(", "),
    );
    expect(violations, `${violations.length} architecture violations:\n${violations.join("\n")}`).toEqual([]);
  });

  it("has no import circle wider than one folder (type-only imports included)", () => {
    const inFolder = inFolderCycles(graph);
    if (inFolder.length) {
      console.log(
        `circles inside one folder (a file split in two):\n  ${
          inFolder.map((c) => c.join(" ")).join("\n  ")
        }`,
      );
    }
    const cycles = crossFolderCycles(graph);
    expect(cycles, `${cycles.length} import circles:\n${cycles.join("\n")}`).toEqual([]);
  });

  it("lets only a table's owner write it (db/tenant/owners.ts), seeds included", () => {
    const owners: Record<string, string> = TABLE_OWNERS;
    // every owner is a folder that exists (a renamed area cannot leave its tables ownerless)
    const folders = new Set([...graph.files.keys()].map(folderOf));
    expect(
      Object.entries(owners).filter(([, o]) => o !== "audit trail" && !folders.has(`server/areas/${o}`)),
    ).toEqual([]);
    expect(tableWrites(graph).length).toBeGreaterThan(50);
    const violations = ownershipViolations(graph, { owners, exceptions: OWNERSHIP_EXCEPTIONS });
    expect(violations, `${violations.length} writes by another area:\n${violations.join("\n")}`).toEqual([]);
  });
});
