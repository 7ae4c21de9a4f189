/**
 * GET /healthz and GET /readyz (issue 40 item 1), public and cheap, for a load balancer or an
 * orchestrator. /healthz: the process answers. /readyz: this instance can serve — the control database
 * answers and has taken every migration, the push bus is connected (Redis, where configured), blob
 * storage takes a write, and the instance is not shutting down. Neither says anything about a tenant
 * beyond the ids of those whose upgrade failed (they answer 503 themselves). The checks run at most once
 * a second however often a probe asks; a failing answer is 503 with each check's word.
 */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv, AppServices } from "../env.ts";
import { declareAccess } from "../http/openapi.ts";
import { isShuttingDown } from "./shutdown.ts";
import { log } from "./log.ts";

type Check = "ok" | string;
export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; pushBus: Check; storage: Check; shutdown: Check };
  tenantsNotReady?: number[];
}

const CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;
const CONTROL_MIGRATIONS = new URL("../../db/control/migrations/meta/_journal.json", import.meta.url);

export const healthRoutes = new Hono<AppEnv>()
  .get("/healthz", declareAccess("GET", "/healthz", { public: true }), (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  })
  .get("/readyz", declareAccess("GET", "/readyz", { public: true }), async (c) => {
    const readiness = await readinessOf(c.get("app"));
    c.header("Cache-Control", "no-store");
    return c.json(readiness, readiness.ready ? 200 : 503);
  });

let kept: { at: number; services: AppServices; answer: Promise<Readiness> } | null = null;

/** The instance's readiness, worked out at most once a second. */
export function readinessOf(services: AppServices): Promise<Readiness> {
  const now = Date.now();
  if (kept && kept.services === services && now - kept.at < CACHE_MS && !isShuttingDown()) return kept.answer;
  const answer = checkAll(services);
  kept = { at: now, services, answer };
  return answer;
}

async function checkAll(services: AppServices): Promise<Readiness> {
  const [database, migrations, pushBus, storage] = await Promise.all([
    check("database", () => services.db.control.run(sql`select 1`)),
    check("migrations", () => controlMigrated(services)),
    check("pushBus", () => services.push.bus.probe(PROBE_TIMEOUT_MS)),
    check("storage", () => storageWritable(services)),
  ]);
  const checks = {
    database,
    migrations,
    pushBus,
    storage,
    shutdown: isShuttingDown() ? "shutting down" : "ok",
  };
  const notReady = tenantsNotReady(services);
  return {
    ready: Object.values(checks).every((v) => v === "ok"),
    checks,
    ...(notReady.length ? { tenantsNotReady: notReady } : {}),
  };
}

/** "ok", or "failing" (the reason goes to the log, not to an unauthenticated caller). */
async function check(name: string, probe: () => Promise<unknown>): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), late]);
    return "ok";
  } catch (error) {
    log("warn", "readiness.failing", {
      check: name,
      reason: error instanceof Error ? error.message : String(error),
    });
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

let journalLength: number | null = null;
async function controlMigrated(services: AppServices) {
  journalLength ??= JSON.parse(await Deno.readTextFile(CONTROL_MIGRATIONS)).entries.length as number;
  const rows = await services.db.control.all<{ n: number }>(
    sql`select count(*) as n from __drizzle_migrations`,
  );
  const applied = Number(rows[0]?.n ?? 0);
  if (applied < journalLength) throw new Error(`${applied} of ${journalLength} migrations applied`);
}

const PROBE_KEY = "ops/readiness-probe.txt";
async function storageWritable(services: AppServices) {
  const body = new Blob([new Date().toISOString()]).stream();
  await services.storage.put(PROBE_KEY, body, { contentType: "text/plain", maxBytes: 64 });
}

function tenantsNotReady(services: AppServices): number[] {
  return services.db.tenantsNotReady().map((t) => t.tenantId);
}
