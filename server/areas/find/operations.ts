/**
 * Find: what was typed looked up in every kind of record the areas offer (Area.finds) that the caller
 * may open, each kind at once (one read each), at most FIND_PER_KIND records a kind.
 */
import { canSeeRouteNamed } from "../../access/policy.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { findSources } from "../finding.ts";
import { FIND_PER_KIND, readFindQuery, TOO_LITTLE } from "./rules.ts";
import type { FindAnswer } from "./schemas.ts";

export async function find(ctx: AreaContext, typed: string): Promise<FindAnswer> {
  const query = readFindQuery(typed);
  if (!query) {
    throw ApiError.validation([{ field: "q", message: TOO_LITTLE }]);
  }
  const sources = openSources(ctx);
  const found = await Promise.all(sources.map(async (source) => {
    const records = await source.find(ctx, query, FIND_PER_KIND + 1);
    return {
      kind: source.kind,
      records: records.slice(0, FIND_PER_KIND),
      more: records.length > FIND_PER_KIND,
    };
  }));
  return { query: query.text, groups: found.filter((g) => g.records.length) };
}

/** The kinds of record the caller may open, so Find looks only there. */
export const openSources = (ctx: Pick<AreaContext, "caller">) =>
  findSources().filter((s) => canSeeRouteNamed(ctx.caller.subject, s.page));
