/**
 * Cartons written in bulk: one statement per ~5,000 cartons, the rows passed as one JSON parameter and
 * unpacked by SQLite's json_each (tens of thousands of cartons a day; a row of bound parameters each would
 * spend its time building parameters). A serial sent again replaces its carton (idempotent imports).
 */
import { sql } from "drizzle-orm";
import type { TenantTx } from "../../context.ts";
import type { cartons } from "../../../../db/tenant/schema.ts";

export type CartonRow = Omit<typeof cartons.$inferInsert, "id">;

const COLUMNS = [
  "serial",
  "product_code_id",
  "net_kg",
  "pieces",
  "production_date",
  "tenant_site_id",
  "species_id",
  "boning_room_id",
  "shift",
  "boning_run_id",
  "import_id",
  "received_at",
] as const;
const CHUNK = 5_000;

const tuple = (c: CartonRow) => [
  c.serial,
  c.productCodeId,
  c.netKg,
  c.pieces ?? 0,
  c.productionDate,
  c.tenantSiteId,
  c.speciesId,
  c.boningRoomId,
  c.shift,
  c.boningRunId,
  c.importId,
  c.receivedAt,
];

/** Inserts the cartons, a serial already held replacing that carton. */
export async function writeCartons(tx: Pick<TenantTx, "run">, rows: readonly CartonRow[]) {
  const names = sql.raw(COLUMNS.join(", "));
  const picks = sql.raw(COLUMNS.map((_, i) => `value ->> ${i}`).join(", "));
  const updates = sql.raw(COLUMNS.slice(1).map((c) => `${c} = excluded.${c}`).join(", "));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK).map(tuple));
    await tx.run(sql`insert into cartons (${names}) select ${picks} from json_each(${json}) where true
      on conflict (serial) do update set ${updates}`);
  }
}
