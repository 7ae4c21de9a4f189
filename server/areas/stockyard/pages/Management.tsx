/**
 * Livestock management (spec 1 §2 management, management/{mobId}): the mobs of the last and the next
 * days with status and where they are (bounded, searchable), and one mob's facts and history: loads,
 * moves, status changes, who and when (queries/mobs.ts mobHistory). No script.
 */
import { z } from "zod";
import { Facts } from "../../../../client/ui/Facts.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { TabBar } from "../../../../client/ui/TabBar.tsx";
import { formatDate, formatDateTime, formatHead } from "../../../../kernel/format.ts";
import { lotLabel, words, type YardMob } from "../../../../client/ui/yard/model.ts";
import { canSeeRouteNamed } from "../../../access/policy.ts";
import { href } from "../../../access/routes.ts";
import { ApiError } from "../../../http/errors.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { SearchForm } from "../../../../client/ui/SearchForm.tsx";
import { addDays } from "../../../../kernel/dates.ts";
import { pageAreaContext } from "../../context.ts";
import { mobHistory, recentMobs, setups as yardSetups } from "../queries.ts";
import { searchText } from "../../../pages/searchText.ts";

const RANGES = [
  { key: "recent", title: "Last 7 days" },
  { key: "coming", title: "Next 7 days" },
  { key: "all", title: "All" },
] as const;
type Range = (typeof RANGES)[number]["key"];
const MAX_ROWS = 200;

/** Where a mob is, in words, from its status, yard and pen. */
function whereIs(
  mob: Pick<YardMob, "mobStatusName" | "penId" | "stockyardId">,
  yards: Map<number, { name: string; pens: Map<number, string> }>,
): string {
  const yard = mob.stockyardId !== null ? yards.get(mob.stockyardId) : undefined;
  switch (mob.mobStatusName) {
    case "AtKillFloor":
      return "Kill floor";
    case "Unfit":
      return `Unfit bin${yard ? ` · ${yard.name}` : ""}`;
    case "MovingBetweenYards":
      return `On the way to ${yard?.name ?? "another yard"}`;
  }
  if (mob.penId !== null) return `${yard?.name ?? "Yard"} · pen ${yard?.pens.get(mob.penId) ?? mob.penId}`;
  return "Waiting to unload";
}

const mobHref = (id: number) => href("managementMob", { mobId: id });

export const ManagementScreen = defineScreen({
  validateSearch: z.object({
    range: z.enum(["recent", "coming", "all"]).optional(),
    q: searchText,
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const today = context.today;
    const range: Range = search.range ?? "recent";
    const window = range === "recent"
      ? { fromDate: addDays(today, -7), toDate: today }
      : range === "coming"
      ? { fromDate: addDays(today, 1), toDate: addDays(today, 7) }
      : {};
    const [mobs, setups] = await Promise.all([
      recentMobs(ctx, { ...window, limit: 500 }),
      yardSetups(ctx),
    ]);
    const yards = new Map(
      setups.map((y) => [y.id, { name: y.name, pens: new Map(y.pens.map((p) => [p.id, p.name])) }]),
    );
    const inRange = (date: string | null) =>
      range === "all" ||
      (range === "recent"
        ? date === null || (date >= addDays(today, -7) && date <= today)
        : date !== null && date > today && date <= addDays(today, 7));
    const q = search.q?.toLowerCase() ?? "";
    const rows = mobs
      // the caller's sites only (a mob not yet in a yard is the delivery's: shown)
      .filter((m) => m.stockyardId === null || yards.has(m.stockyardId))
      .map((m) => ({ ...m, where: whereIs(m, yards) }))
      .filter((m) => inRange(m.applicableProductionDate))
      .filter((m) =>
        !q ||
        [
          lotLabel(m),
          `#${m.stockMobId}`,
          m.supplierName,
          m.pic,
          m.speciesCategory ?? "",
          m.where,
          words(m.mobStatusName),
        ]
          .some((t) => t.toLowerCase().includes(q))
      )
      .sort((a, b) =>
        (b.applicableProductionDate ?? "").localeCompare(a.applicableProductionDate ?? "") ||
        a.livestockOrderId - b.livestockOrderId || a.stockMobId - b.stockMobId
      );
    return { rows: rows.slice(0, MAX_ROWS), total: rows.length, range, q: search.q ?? "" };
  },
  component: ({ data }) => {
    const tabHref = (key: string) => {
      const params = new URLSearchParams({ range: key, ...(data.q ? { q: data.q } : {}) });
      return `${href("management")}?${params}`;
    };
    return (
      <section className="panel" aria-label="Mobs">
        <div className="panel-head">
          <h2>Mobs</h2>
        </div>
        <TabBar tabs={RANGES} current={data.range} href={tabHref} />
        <SearchForm
          id="mob-q"
          label="Find"
          visibleLabel
          className="yard-filter"
          value={data.q}
          placeholder="Lot, mob, supplier, PIC, pen or status"
          keep={{ range: data.range }}
          clearHref={tabHref(data.range)}
        />
        <p className="muted" role="status">
          {data.total} mob{data.total === 1 ? "" : "s"}
          {data.total > data.rows.length ? ` · showing the first ${data.rows.length}` : ""}
        </p>
        <Table
          rows={data.rows}
          rowKey={(m) => m.stockMobId}
          empty={data.q ? "No mob matches." : "No mobs in these days."}
          columns={[
            { header: "Mob", cell: (m) => <a href={mobHref(m.stockMobId)}>#{m.stockMobId}</a> },
            { header: "Lot", cell: (m) => lotLabel(m) },
            { header: "Supplier", cell: (m) => m.supplierName },
            { header: "Stock", cell: (m) => m.speciesCategory ?? "—" },
            { header: "Head", cell: (m) => formatHead(m.head) },
            { header: "Status", cell: (m) => words(m.mobStatusName) },
            { header: "Where", cell: (m) => m.where },
            { header: "Kill", cell: (m) => formatDate(m.applicableProductionDate, false) },
          ]}
        />
      </section>
    );
  },
});

export const ManagementMobScreen = defineScreen({
  loader: async ({ context, params }) => {
    const id = Number(params.mobId);
    if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound("That mob does not exist.");
    const ctx = await pageAreaContext(context);
    return {
      detail: await mobHistory(ctx, id),
      canOpenOrder: canSeeRouteNamed(context.caller!.subject, "order"),
    };
  },
  component: ({ data, context }) => {
    const { mob, history } = data.detail;
    const where = mob.penId !== null
      ? `${data.detail.stockyardName ?? "Yard"} · pen ${data.detail.penName ?? mob.penId}`
      : whereIs(mob, new Map());
    const yardLink = mob.stockyardId !== null ? `${href("stockyard")}?yard=${mob.stockyardId}` : null;
    const entries = history; // newest first
    return (
      <>
        <section className="panel" aria-label="Mob">
          <div className="panel-head">
            <h2>
              Mob #{mob.stockMobId} · {lotLabel(mob)}
            </h2>
            <nav className="actions" aria-label="Mob links">
              {yardLink && <a className="btn" href={yardLink}>Open the yard</a>}
              <a className="btn" href={href("management")}>All mobs</a>
            </nav>
          </div>
          <Facts
            items={[
              [
                "Order",
                data.canOpenOrder
                  ? (
                    <a key="order" href={href("order", { id: mob.livestockOrderId })}>
                      #{mob.livestockOrderId}
                    </a>
                  )
                  : `#${mob.livestockOrderId}`,
              ],
              ["Order status", words(data.detail.orderStatusName)],
              ["Supplier", mob.supplierName],
              ["Stock", mob.speciesCategory ?? "—"],
              ["Head", formatHead(mob.head)],
              ["Separated head", formatHead(mob.separatedHead)],
              ["Status", words(mob.mobStatusName)],
              ["Where", where],
              ["PIC", mob.pic || "—"],
              ["Delivered", formatDate(data.detail.deliveryDate)],
              ["Kill day", formatDate(mob.applicableProductionDate)],
              ...(mob.reasonSentToBin ? [["Unfit because", mob.reasonSentToBin] as const] : []),
            ]}
          />
          {mob.requirements.length > 0 && (
            <>
              <h3 className="yard-subhead">Checks</h3>
              <ul className="yard-checks">
                {mob.requirements.map((r) => (
                  <li key={r.id}>
                    <span className={`badge ${r.isComplete ? "badge-success" : "badge-warning"}`}>
                      {r.isComplete ? "Done" : "To do"}
                    </span>{" "}
                    {r.name}
                    {r.isComplete && r.completedBy
                      ? <span className="muted">{` · ${r.completedBy}`}</span>
                      : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className="panel" aria-label="History">
          <h2>History</h2>
          <Table
            rows={entries.map((h, i) => ({ ...h, key: i }))}
            rowKey={(h) => h.key}
            empty="Nothing has happened to this mob yet."
            columns={[
              {
                header: "When",
                cell: (h) => <time dateTime={h.at}>{formatDateTime(h.at, context.timeZone)}</time>,
              },
              { header: "Who", cell: (h) => h.userName },
              { header: "What", cell: (h) => h.action },
              {
                header: "Reason",
                cell: (h) => (h.reason ? `“${h.reason}”` : "—"),
              },
            ]}
          />
        </section>
      </>
    );
  },
});
