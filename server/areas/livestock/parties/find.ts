/**
 * Suppliers and stakeholders (agents, carriers, saleyards…) in Find: by name, PIC or ABN, names that
 * start with what was typed first.
 */
import { asc, desc, or, sql } from "drizzle-orm";
import { stakeholders, suppliers } from "../../../../db/tenant/schema.ts";
import { href } from "../../../access/routes.ts";
import type { FindQuery, FindSource } from "../../area.ts";
import { beginsWith, holds, PART_MIN_LENGTH } from "../../finding.ts";

type PartyTable = typeof suppliers | typeof stakeholders;

/** A party's name, PIC or ABN holds what was typed; names that start with it first. */
const matching = (table: PartyTable, q: FindQuery) => ({
  where: or(
    holds(table.name, q.text),
    q.compact.length >= PART_MIN_LENGTH ? holds(table.pic, q.compact, true) : undefined,
    q.compact.length >= 5 ? holds(table.businessTaxIdentifier, q.compact, true) : undefined,
  ),
  order: [desc(beginsWith(table.name, q.text)), asc(table.name)],
});

const partyColumns = (table: PartyTable) => ({
  id: table.id,
  name: table.name,
  pic: table.pic,
  abn: table.businessTaxIdentifier,
  location: table.location,
});

const partyDetail = (r: { pic: string; abn: string; location: string }, first = "") =>
  [first, r.location, r.pic ? `PIC ${r.pic}` : "", r.abn ? `ABN ${r.abn}` : ""].filter(Boolean).join(" · ");

/** One kind of party in Find; `typeColumn` says what a stakeholder is (agent, carrier…). */
function partySource(
  kind: string,
  listedAs: string,
  page: "supplier" | "stakeholder",
  order: number,
  table: PartyTable,
  typeColumn?: typeof stakeholders.stakeholderType,
): FindSource {
  return {
    kind,
    listedAs,
    page,
    order,
    async find(ctx, q, limit) {
      const by = matching(table, q);
      const rows = await ctx.db.select({ ...partyColumns(table), type: typeColumn ?? sql<string>`''` })
        .from(table).where(by.where).orderBy(...by.order).limit(limit);
      return rows.map((r) => ({
        title: r.name,
        detail: partyDetail(r, r.type),
        href: href(page, { id: r.id }),
      }));
    },
  };
}

export const FIND_SUPPLIERS = partySource("Suppliers", "suppliers", "supplier", 6, suppliers);
export const FIND_STAKEHOLDERS = partySource(
  "Agents, carriers and other stakeholders",
  "stakeholders",
  "stakeholder",
  7,
  stakeholders,
  stakeholders.stakeholderType,
);
