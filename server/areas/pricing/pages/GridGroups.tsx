/**
 * Price grids tab (settings/pricinggrids, settings/viewgrids/{species}): a species' grid groups in
 * three lists, current, upcoming and past, each with its period, what it prices at best and how many
 * orders use it. Species are tabs (links), so the page needs no script.
 */
import { Fragment } from "react";
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { defineScreen } from "../../../pages/screen.ts";
// TabBar lives in the livestock home screen; used by two areas now, it belongs in client/ui
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { formatDollars, formatPeriod } from "../labels.ts";
import { PRICING_PATHS } from "../paths.ts";
import { periodStatus } from "../periods.ts";
import { gridFor } from "../rules.ts";
import type { PricingGridGroup } from "../schemas.ts";
import { chooseSpecies, GroupBadges } from "./shared.tsx";
import { pageAreaContext } from "../../context.ts";
import { listGroups } from "../queries.ts";

/** Past groups shown before "show all": the recent ones are what people copy from. */
const RECENT_PAST = 10;

/** Per category the grid an order would use (lowest priority), e.g. "Lamb $9.40 · Mutton $5.60". */
function bestPrices(group: PricingGridGroup) {
  const categories = [...new Set(group.pricingGrids.map((g) => g.speciesCategoryId))];
  if (!categories.length) return <span className="muted">No grids yet</span>;
  return categories.map((id, i) => {
    const grid = gridFor(group.pricingGrids, id)!;
    return (
      <Fragment key={id}>
        {i > 0 ? " · " : ""}
        <span className="nowrap">
          {grid.speciesCategory}
          {!group.isServiceKill && grid.bestPrice !== null ? ` ${formatDollars(grid.bestPrice)}` : ""}
        </span>
      </Fragment>
    );
  });
}

/** "1 Nov 2026 – 30 Nov 2026" may break at the dash, never inside a date. */
const keepDatesWhole = (period: string) => period.replace(/(\d+) (\w{3}) (\d{4})/g, "$1\u00a0$2\u00a0$3");

function GroupsTable({ groups, today, empty }: { groups: PricingGridGroup[]; today: string; empty: string }) {
  return (
    <div className="table-wrap">
      <Table
        rows={groups}
        rowKey={(g) => g.id}
        empty={empty}
        columns={[
          {
            header: "Group",
            cell: (g) => (
              <>
                <a href={PRICING_PATHS.group(g.id)}>{g.name}</a>{" "}
                <GroupBadges group={g} today={today} withPeriod={false} />
              </>
            ),
          },
          { header: "Period", cell: (g) => keepDatesWhole(formatPeriod(g)) },
          { header: "Best price ($/kg HSCW)", cell: bestPrices },
          { header: "Orders", cell: (g) => g.orderCount },
          {
            header: "Actions",
            srOnly: true,
            cell: (g) => <a className="btn btn-ghost" href={PRICING_PATHS.cloneGroup(g.id)}>Copy</a>,
          },
        ]}
      />
    </div>
  );
}

export const PricingGridsScreen = defineScreen({
  validateSearch: z.object({ past: z.enum(["all"]).optional() }),
  loader: async ({ context, params }) => {
    const species = chooseSpecies(context, params.species);
    const ctx = await pageAreaContext(context);
    return { species, groups: await listGroups(ctx, species.id), today: ctx.today };
  },
  component: ({ data, search, context }) => {
    const { species, groups, today } = data;
    const by = (status: string) => groups.filter((g) => periodStatus(g, today) === status);
    const current = by("current");
    // upcoming: soonest first; past: most recent first (listGroups answers newest start first)
    const upcoming = by("upcoming").reverse();
    const past = by("past");
    const shownPast = search.past === "all" ? past : past.slice(0, RECENT_PAST);
    return (
      <>
        <TabBar
          tabs={context.caller!.species.map((s) => ({ key: String(s.id), title: s.name }))}
          current={String(species.id)}
          href={(key) => PRICING_PATHS.species(Number(key))}
        />
        <section className="panel" aria-label={`${species.name} price grids`}>
          <div className="panel-head">
            <h2>{species.name} price grid groups</h2>
            <a className="btn btn-primary" href={PRICING_PATHS.newGroup(species.id)}>New group</a>
          </div>
          <p className="muted small">
            An order chooses a group valid on its delivery or production date; the default group is the
            standing grid used when an order names none.
          </p>
          <h3>Current</h3>
          <GroupsTable groups={current} today={today} empty={`No ${species.name} group covers today.`} />
          <h3 className="u-section-top">Upcoming</h3>
          <GroupsTable groups={upcoming} today={today} empty="Nothing planned yet." />
          <h3 className="u-section-top">Past</h3>
          <GroupsTable groups={shownPast} today={today} empty="None." />
          {shownPast.length < past.length && (
            <p className="no-print">
              <a href={PRICING_PATHS.species(species.id, { past: "all" })}>
                Show all {past.length} past groups
              </a>
            </p>
          )}
        </section>
      </>
    );
  },
});
