/**
 * Benchmark of Settings › Carcass Defects: a year of sheep carcasses (700 head a day, every day: 255,500
 * records, each with an NLIS tag, defects on ~5 %, part condemned ~2 %, whole ~0.3 %, as the simulator
 * makes them) written straight into the tenant database in one statement, then the tab's API over the year
 * and the tab's page over its default 90 days (p50); and Find over them (a tag's last digits: every
 * carcass's tag is read). The count is one grouped query over the kill days asked for (the kill
 * floor's defectCounts). tests/bench/main.ts writes the figures to docs/performance.md.
 */
import { sql } from "drizzle-orm";
import type { TenantDb } from "../../db/client.ts";
import { INVOICE_SETTINGS_API, INVOICE_SETTINGS_PATHS } from "../../server/areas/invoiceSettings/paths.ts";
import { addDays } from "../../kernel/dates.ts";
import { time } from "./timing.ts";

export const DEFECT_YEAR_DAYS = 365;
export const DEFECT_HEAD_A_DAY = 700;
/** body numbers above the demo's own, so the year's records never replace a demo carcass */
const FIRST_BODY = 500_000;

/** The year's carcasses, ending on `today`, on a demo sheep mob's order and supplier. */
async function yearOfCarcasses(db: TenantDb, today: string) {
  const [mob] = await db.all<{ id: number; orderId: number; supplierId: number; site: number }>(sql`
    SELECT m.id, m.livestock_order_id AS orderId, o.supplier_id AS supplierId,
      coalesce(m.tenant_site_id, 0) AS site
    FROM stock_mobs m JOIN livestock_orders o ON o.id = m.livestock_order_id
    WHERE m.species_id = 1 LIMIT 1`);
  const n = DEFECT_YEAR_DAYS * DEFECT_HEAD_A_DAY;
  const first = addDays(today, -(DEFECT_YEAR_DAYS - 1));
  const now = `${today}T02:00:00.000Z`; // the day the bench is measured on, not the real clock
  // u: a spread of 0–999 per carcass; < 3 whole, < 23 part (with its code), < 50 a code noted only
  await db.run(sql`
    WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1}),
    c AS (SELECT i, (i * 7919) % 1000 AS u FROM k)
    INSERT INTO carcasses (production_date, tenant_site_id, species_id, body_number, kill_sequence,
      stock_mob_id, livestock_order_id, supplier_id, rfid, hscw_kg, defects, condemned, import_id, received_at,
      last_modified)
    SELECT date(${first}, '+' || (i / ${DEFECT_HEAD_A_DAY}) || ' days'), ${mob.site}, 1,
      ${FIRST_BODY} + i % ${DEFECT_HEAD_A_DAY}, i % ${DEFECT_HEAD_A_DAY}, ${mob.id}, ${mob.orderId},
      ${mob.supplierId}, '982 1' || printf('%011d', i), CASE WHEN u < 3 THEN 0 ELSE 22.5 END,
      CASE WHEN u >= 3 AND u < 50
        THEN json_array(CASE u % 4 WHEN 0 THEN 'bruise' WHEN 1 THEN 'arthritis' WHEN 2 THEN 'grass-seed'
          ELSE 'pleurisy' END)
        ELSE '[]' END,
      CASE WHEN u < 3 THEN 'whole' WHEN u < 23 THEN 'part' ELSE 'none' END, 0, ${now}, ${now}
    FROM c`);
  return n;
}

export async function benchCarcassDefects(origin: string, token: string, db: TenantDb, today: string) {
  const records = await yearOfCarcasses(db, today);
  const auth = { authorization: `Bearer ${token}` };
  const year = await time(10, async () => {
    const res = await fetch(
      `${origin}${INVOICE_SETTINGS_API.carcassDefects}?speciesId=1&fromDate=${
        addDays(today, -(DEFECT_YEAR_DAYS - 1))
      }&toDate=${today}`,
      { headers: auth },
    );
    if (!res.ok) throw new Error(`GetCarcassDefects: ${res.status}`);
    await res.json();
  }, 2);
  const page = await time(20, async () => {
    const res = await fetch(`${origin}${INVOICE_SETTINGS_PATHS.carcassDefects}?speciesId=1`, {
      headers: { cookie: `session=${token}` },
    });
    if (!res.ok) throw new Error(`Carcass Defects page: ${res.status}`);
    await res.text();
  }, 2);
  // Find: a tag's last nine digits (a scan of every tag of the year), a whole tag (its index), an order
  // number, part of a name
  const find = (q: string) => async () => {
    const res = await fetch(`${origin}/api/home/Find?q=${encodeURIComponent(q)}`, { headers: auth });
    if (!res.ok) throw new Error(`Find ${q}: ${res.status}`);
    await res.json();
  };
  const findTag = await time(20, find("000123456"), 2);
  const findWholeTag = await time(20, find("982 100000123456"), 2);
  const findOrder = await time(20, find("12"), 2);
  const findName = await time(20, find("farm"), 2);
  return { records, year, page, findTag, findWholeTag, findOrder, findName };
}
