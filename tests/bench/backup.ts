/**
 * Benchmark of backups (issue 40 "Speed"): a backup of the demo processor's database (the demo's year
 * of data) into blob storage (target ≤ 5 s) while a writer inserts a row every 10 ms through the app's
 * own connections (target: no write waits over 100 ms), its restore's dry run, and the restore (target
 * ≤ 10 s). `benchBackup` is for tests/bench/main.ts; run alone: `deno run -A tests/bench/backup.ts`.
 */
import { sql } from "drizzle-orm";
import type { AppServices } from "../../server/env.ts";
import { dryRunRestore, restoreBackup, takeBackup } from "../../server/ops/backup.ts";

export interface BackupBench {
  bytes: number;
  backupMs: number;
  /** writes made during the backup, and the longest one */
  writes: number;
  maxWriteMs: number;
  dryRunMs: number;
  restoreMs: number;
}

export async function benchBackup(services: AppServices, tenantId: number): Promise<BackupBench> {
  const db = await services.db.tenantDb(tenantId);
  let writing = true;
  const waits: number[] = [];
  const writer = (async () => {
    while (writing) {
      const started = performance.now();
      await db.run(sql`INSERT INTO audit_log (at, user_id, user_name, entity, entity_id, action)
        VALUES (${Date.now()}, 1, 'Bench', 'bench', '1', 'update')`);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the writer is under way
  let started = performance.now();
  const backup = await takeBackup(services, { tenantId }, "manual");
  const backupMs = performance.now() - started;
  writing = false;
  await writer;
  started = performance.now();
  await dryRunRestore(services, { tenantId }, backup.key);
  const dryRunMs = performance.now() - started;
  started = performance.now();
  await restoreBackup(services, { tenantId }, backup.key);
  const restoreMs = performance.now() - started;
  return {
    bytes: backup.size,
    backupMs,
    writes: waits.length,
    maxWriteMs: Math.max(...waits),
    dryRunMs,
    restoreMs,
  };
}

if (import.meta.main) {
  const { startTestApp } = await import("../helpers/app.ts");
  const { tenants } = await import("../../db/control/schema.ts");
  const { eq } = await import("drizzle-orm");
  const { DEMO_PROCESSOR } = await import("../../server/demo.ts");
  const app = await startTestApp({ LOG_LEVEL: "warn" });
  try {
    const tenant = await app.services.db.control.query.tenants.findFirst({
      where: eq(tenants.name, DEMO_PROCESSOR),
    });
    const r = await benchBackup(app.services, tenant!.id);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`database ${(r.bytes / 1024 ** 2).toFixed(1)} MB
backup ${s(r.backupMs)} (target ≤ 5 s: ${(r.backupMs / 5000).toFixed(2)} of it)
writes during it ${r.writes}, longest ${r.maxWriteMs.toFixed(1)} ms (target ≤ 100 ms)
dry run ${s(r.dryRunMs)}
restore ${s(r.restoreMs)} (target ≤ 10 s: ${(r.restoreMs / 10000).toFixed(2)} of it)`);
  } finally {
    await app.close();
  }
}
