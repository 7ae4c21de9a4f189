/** Backup retention (server/ops/backupSchedule.ts): the newest of each of N days and M weeks are kept. */
import { describe, expect, test } from "vitest";
import { backupsToPrune } from "../../server/ops/backupSchedule.ts";
import type { BackupInfo } from "../../server/ops/backup.ts";

const POLICY = { timeZone: "Australia/Sydney", keepDaily: 3, keepWeekly: 2 };
/** A backup at 02:30 in Sydney (15:30 UTC the day before, in summer time) of the given plant day. */
const at = (day: string, time = "15:30"): BackupInfo => {
  const utc = new Date(`${day}T${time}:00Z`);
  utc.setUTCDate(utc.getUTCDate() - 1);
  return {
    key: `backups/control/${utc.toISOString()}.scheduled.db`,
    size: 1,
    takenAt: utc.toISOString(),
    reason: "scheduled",
  };
};

describe("backupsToPrune", () => {
  test("keeps the newest of the last days and of the last weeks, and lets the rest go", () => {
    // Fri 27 Nov 2026 back to Mon 9 Nov
    const days = [
      "2026-11-27",
      "2026-11-26",
      "2026-11-25",
      "2026-11-24",
      "2026-11-23",
      "2026-11-20",
      "2026-11-16",
      "2026-11-09",
    ];
    const backups = days.map((d) => at(d));
    const now = new Date("2026-11-27T00:00:00Z");
    const pruned = backupsToPrune(backups, POLICY, now).map((b) => b.takenAt.slice(0, 10));
    // kept: 27, 26, 25 (days); 27 (this week, from Mon 23), 20 (last week's newest)
    expect(pruned).toEqual(["2026-11-23", "2026-11-22", "2026-11-15", "2026-11-08"]);
  });

  test("a second backup of one day is let go unless it is from the last 24 hours", () => {
    const now = new Date("2026-11-27T00:00:00Z");
    const manual = {
      ...at("2026-11-27", "20:00"),
      key: "backups/control/m.manual.db",
      reason: "manual" as const,
    };
    const older = {
      ...at("2026-11-26", "20:00"),
      key: "backups/control/o.manual.db",
      reason: "manual" as const,
    };
    const pruned = backupsToPrune([at("2026-11-27"), manual, at("2026-11-26"), older], POLICY, now);
    expect(pruned.map((b) => b.key)).toEqual([at("2026-11-26").key]);
  });
});
