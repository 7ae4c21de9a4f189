/**
 * Scheduled backups (issue 40 §4): once a day, at a plant-quiet hour (BACKUP_AT in BACKUP_TIME_ZONE),
 * the control database and every tenant's are backed up into blob storage (embedded files and over a
 * libSQL server alike), and each one's old backups are pruned: the newest of each of the last
 * BACKUP_KEEP_DAILY days and of each of the last BACKUP_KEEP_WEEKLY weeks (Monday to Sunday) are kept,
 * with anything from the last day.
 */
import { addDays, todayIn, weekdayIndex } from "../../kernel/dates.ts";
import type { Databases } from "../../db/client.ts";
import type { BlobStore } from "../storage/mod.ts";
import { tenantIdsOf } from "../auth/userModel.ts";
import { type BackupInfo, type BackupTarget, listBackups, takeBackup } from "./backup.ts";
import { log } from "./log.ts";

export interface BackupPolicy {
  /** "HH:MM" in `timeZone`; empty = no scheduled backups */
  at: string;
  timeZone: string;
  keepDaily: number;
  keepWeekly: number;
}

/** The backups retention lets go, given the newest-first list (pure: the schedule and its test). */
export function backupsToPrune(
  backups: readonly BackupInfo[],
  policy: Pick<BackupPolicy, "timeZone" | "keepDaily" | "keepWeekly">,
  now: Date,
): BackupInfo[] {
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  const newest = [...backups].sort((a, b) => b.takenAt.localeCompare(a.takenAt));
  for (const b of newest) {
    const at = new Date(b.takenAt);
    if (now.getTime() - at.getTime() < 86_400_000) keep.add(b.key);
    const day = todayIn(policy.timeZone, at);
    const week = addDays(day, -weekdayIndex(day)); // its Monday
    if (!days.has(day) && days.size < policy.keepDaily) (days.add(day), keep.add(b.key));
    if (!weeks.has(week) && weeks.size < policy.keepWeekly) (weeks.add(week), keep.add(b.key));
  }
  return newest.filter((b) => !keep.has(b.key));
}

/** Backs up one database and prunes its old backups. */
export async function backUpAndPrune(
  services: { db: Databases; storage: BlobStore },
  target: BackupTarget,
  policy: BackupPolicy,
  now = new Date(),
) {
  const started = performance.now();
  const taken = await takeBackup(services, target, "scheduled", now);
  const pruned = backupsToPrune(await listBackups(services.storage, target), policy, now);
  for (const old of pruned) await services.storage.delete(old.key);
  log("info", "backup.taken", {
    tenantId: target === "control" ? null : target.tenantId,
    bytes: taken.size,
    ms: Math.round(performance.now() - started),
    pruned: pruned.length,
  });
}

/** Whether today's scheduled run is due: past the hour and no scheduled control backup of today yet. */
async function due(services: { storage: BlobStore }, policy: BackupPolicy, now: Date): Promise<boolean> {
  const local = new Intl.DateTimeFormat("en-GB", {
    timeZone: policy.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
  if (local < policy.at) return false;
  const today = todayIn(policy.timeZone, now);
  const done = await listBackups(services.storage, "control");
  return !done.some((b) =>
    b.reason === "scheduled" && todayIn(policy.timeZone, new Date(b.takenAt)) === today
  );
}

/**
 * Checks every minute whether the day's backups are due and takes them (the control database last: its
 * backup marks the day done, so a run cut short is taken again). Several instances over one store find
 * the day done by whichever ran first. Returns the stop function.
 */
export function startBackupSchedule(services: { db: Databases; storage: BlobStore }, policy: BackupPolicy) {
  if (!policy.at) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      if (!(await due(services, policy, now))) return;
      for (const tenantId of await tenantIdsOf(services.db.control)) {
        await backUpAndPrune(services, { tenantId }, policy, now).catch((error) =>
          log("error", "backup.failed", { tenantId, reason: String(error?.message ?? error) })
        );
      }
      await backUpAndPrune(services, "control", policy, now);
    } catch (error) {
      log("error", "backup.failed", { tenantId: null, reason: String((error as Error)?.message ?? error) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, 60_000);
  return () => clearInterval(timer);
}
