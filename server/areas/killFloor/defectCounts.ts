/**
 * How often each defect code came off the kill floor in a period, per species: one grouped query over the
 * carcasses (json_each over the defects column). Condemnations count under the codes the caller names
 * (invoicing's CONDEMNED and PART_CONDEMNED), and each species' carcasses in the period are the share's
 * whole. Settings › Carcass Defects reads it (server/areas/invoiceSettings/defects).
 */
import { sql } from "drizzle-orm";
import type { TenantDb } from "../../../db/client.ts";

export interface DefectCount {
  speciesId: number;
  /** upper case, as pricing matches it */
  code: string;
  /** carcasses carrying it (a code listed twice on one carcass counts once) */
  carcasses: number;
  firstDay: string;
  lastDay: string;
}

export interface DefectCounts {
  codes: DefectCount[];
  /** carcasses killed in the period per species */
  killed: Map<number, number>;
}

/** The codes seen from `from` to `to` (kill days, inclusive) on carcasses of the given species. */
export async function defectCounts(
  db: TenantDb,
  q: {
    from: string;
    to: string;
    speciesIds: readonly number[];
    /** the codes a whole and a part condemnation count under */
    condemnedAs: { whole: string; part: string };
  },
): Promise<DefectCounts> {
  if (!q.speciesIds.length) return { codes: [], killed: new Map() };
  const species = sql.join(q.speciesIds.map((id) => sql`${id}`), sql`, `);
  const within = sql`c.production_date BETWEEN ${q.from} AND ${q.to} AND c.species_id IN (${species})`;
  // a null code is the species' whole kill (counted from the index alone). A condemnation joins the
  // carcass's codes, so one pass reads each carcass that has either; DISTINCT drops a code listed twice
  // (or CONDEMNED both listed and recorded). Most carcasses carry no defect ('[]').
  const rows = await db.all<
    { speciesId: number; code: string | null; carcasses: number; firstDay: string; lastDay: string }
  >(sql`
    SELECT c.species_id AS speciesId, NULL AS code, count(*) AS carcasses,
      min(c.production_date) AS firstDay, max(c.production_date) AS lastDay
    FROM carcasses c WHERE ${within} GROUP BY c.species_id
    UNION ALL
    SELECT species_id, code, count(*), min(production_date), max(production_date)
    FROM (
      SELECT DISTINCT c.id, c.species_id, c.production_date, upper(trim(d.value)) AS code
      FROM carcasses c, json_each(CASE c.condemned
          WHEN 'whole' THEN json_insert(c.defects, '$[#]', ${q.condemnedAs.whole})
          WHEN 'part' THEN json_insert(c.defects, '$[#]', ${q.condemnedAs.part})
          ELSE c.defects END) d
      WHERE ${within} AND (c.defects <> '[]' OR c.condemned <> 'none') AND trim(d.value) <> ''
    )
    GROUP BY species_id, code`);
  const killed = new Map<number, number>();
  const codes: DefectCount[] = [];
  for (const r of rows) {
    if (r.code === null) killed.set(r.speciesId, Number(r.carcasses));
    else codes.push({ ...r, code: r.code, carcasses: Number(r.carcasses) });
  }
  return { codes, killed };
}
