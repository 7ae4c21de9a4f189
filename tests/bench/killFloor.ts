/**
 * Benchmark of the kill floor's data: a 20,000-row CSV uploaded over HTTP with its progress stream (first
 * as new records, then sent again: every row replaces), and the NLIS kill file of a 3,000-head day (p50).
 * Targets (issue 15): the import ≤ 10 s with progress shown; the NLIS file ≤ 1 s.
 * tests/bench/main.ts writes the figures to docs/performance.md.
 */
import { eq } from "drizzle-orm";
import { stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_FLOOR_API as K, NDJSON } from "../../server/areas/killFloor/paths.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { addDays, isWeekend } from "../../kernel/dates.ts";
import { time } from "./timing.ts";

export const IMPORT_ROWS = 20_000;
export const NLIS_HEAD = 3_000;
const MOB_HEAD = 500;
/** the site of the copied mob (the NLIS file is asked for at that site) */
let site = 0;

/** `count` head at the kill floor on `date`, in mobs of 500 copied from a demo sheep mob. */
async function mobsAtKillFloor(db: TenantDb, date: string, count: number) {
  const [model] = await db.select().from(stockMobs).where(eq(stockMobs.speciesId, 1)).limit(1);
  const { id: _id, ...row } = model;
  site = model.tenantSiteId ?? 0;
  return await db.insert(stockMobs).values(
    Array.from({ length: count / MOB_HEAD }, () => ({
      ...row,
      head: MOB_HEAD,
      mobStatus: MOB_STATUS.AtKillFloor,
      applicableProductionDate: date,
      penId: null,
    })),
  ).returning({ id: stockMobs.id });
}

function csvFor(date: string, mobs: { id: number }[]) {
  const lines = ["Kill Date,Body No,Mob,HSCW,GR,Fat score,Teeth,Sex,Skin"];
  let body = 1;
  for (const m of mobs) {
    for (let i = 0; i < MOB_HEAD; i++, body++) {
      lines.push(
        `${date},${body},${m.id},${(18 + (body % 130) / 10).toFixed(1)},${6 + (body % 14)},${
          1 + (body % 5)
        },0,F,1`,
      );
    }
  }
  return lines.join("\r\n");
}

const MAPPING = JSON.stringify({
  productionDate: "Kill Date",
  bodyNumber: "Body No",
  stockMobId: "Mob",
  hscwKg: "HSCW",
  fatDepthMm: "GR",
  fatScore: "Fat score",
  dentition: "Teeth",
  sex: "Sex",
  skinGrade: "Skin",
});

/** One upload with its progress stream: time to the result line, and the progress lines seen. */
async function upload(origin: string, token: string, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
  form.set("mapping", MAPPING);
  const t0 = performance.now();
  const res = await fetch(origin + K.uploadCarcassFile, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, accept: NDJSON },
    body: form,
  });
  const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
  const ms = performance.now() - t0;
  const last = lines.at(-1);
  if (last.type !== "result") throw new Error(`upload: ${JSON.stringify(last).slice(0, 400)}`);
  return { ms, progressLines: lines.length - 1, result: last };
}

export async function benchKillFloor(origin: string, token: string, db: TenantDb) {
  let date = addDays(new Date().toISOString().slice(0, 10), 35);
  while (isWeekend(date)) date = addDays(date, 1);
  let nlisDate = addDays(date, 1);
  while (isWeekend(nlisDate)) nlisDate = addDays(nlisDate, 1);
  const csv = csvFor(date, await mobsAtKillFloor(db, date, IMPORT_ROWS));
  const added = await upload(origin, token, csv);
  const replaced = await upload(origin, token, csv);
  await upload(origin, token, csvFor(nlisDate, await mobsAtKillFloor(db, nlisDate, NLIS_HEAD)));
  const nlis = await time(10, async () => {
    const res = await fetch(`${origin}${K.nlisFile}?date=${nlisDate}&speciesId=1&tenantSiteId=${site}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`NLIS file: ${res.status}`);
    await res.text();
  }, 2);
  return { bytes: csv.length, added, replaced, nlis };
}
