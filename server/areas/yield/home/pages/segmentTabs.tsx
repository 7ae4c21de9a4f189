/**
 * The segment tabs of the yield home (spec 3 §2.1): segment variance (body segment → primal → cut: a
 * segment's name drills into it, the breadcrumb climbs back; the level is the address's `drill`) and
 * segments today (live: client/islands/yieldHome/live.ts swaps it when today's cartons arrive).
 */
import { Facts } from "../../../../../client/ui/Facts.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import {
  type Figures,
  realTimeYields,
  type SegmentLevelKey,
  type SegmentRow,
  segmentRows,
} from "../figures.ts";
import { VarianceBars } from "./charts.tsx";
import { count, kg, kgChange, moneyChange, percent, pp, summaryOf, tone } from "../../format.ts";
import type { TabDef, TabLinks } from "./YieldHome.tsx";

// ---- segment variance -------------------------------------------------------------------------------

const NEXT_LEVEL: Record<string, SegmentLevelKey> = { bodySegment: "primal", primal: "cut" };
const LEVEL_WORDS: Record<SegmentLevelKey, string> = {
  bodySegment: "Body segment",
  primal: "Primal",
  cut: "Cut",
};

interface SegmentsData {
  level: SegmentLevelKey;
  trail: { id: number; name: string }[];
  rows: SegmentRow[];
  total: Figures<Record<string, number>>;
}

async function loadSegments(
  ctx: Parameters<TabDef<SegmentsData>["load"]>[0],
  q: Parameters<TabDef<SegmentsData>["load"]>[1],
  drill?: number,
): Promise<SegmentsData> {
  const parent = drill == null ? undefined : q.reference.segment(drill);
  const level: SegmentLevelKey = parent && NEXT_LEVEL[parent.level]
    ? NEXT_LEVEL[parent.level]
    : "bodySegment";
  const trail: SegmentsData["trail"] = [];
  for (
    let s = level === "bodySegment" ? undefined : parent;
    s && s.level !== "productType";
    s = q.reference.segment(s.parentId)
  ) {
    trail.unshift({ id: s.id, name: s.name });
  }
  const { rows, total } = await segmentRows(ctx, q, level, level === "bodySegment" ? undefined : parent!.id);
  return { level, trail, rows, total };
}

function SegmentTable(
  { data, links, drillable, empty = "Nothing was boned in this range." }: {
    data: SegmentsData;
    links: TabLinks;
    drillable: boolean;
    empty?: string;
  },
) {
  const revenue = "revenueVariance" in data.total;
  const canDrill = drillable && data.level !== "cut";
  return (
    <div className="table-scroll">
      <Table
        rows={data.rows}
        rowKey={(r) => r.segmentId ?? "none"}
        empty={empty}
        columns={[
          {
            header: LEVEL_WORDS[data.level],
            cell: (r) =>
              canDrill && r.segmentId != null
                ? <a href={links.here({ drill: r.segmentId })} data-yield-drill={r.segmentId}>{r.name}</a>
                : r.name,
          },
          { header: "Actual", className: "num", cell: (r) => kg(r.actualKg) },
          { header: "Expected", className: "num", optional: true, cell: (r) => kg(r.expectedKg) },
          { header: "Yield", className: "num", cell: (r) => percent(r.yieldPercent) },
          { header: "Standard", className: "num", cell: (r) => percent(r.standardPercent) },
          {
            header: "Variance",
            className: "num",
            cell: (r) => <span className={tone(r.variancePp)}>{pp(r.variancePp)}</span>,
          },
          {
            header: "Variance kg",
            className: "num",
            cell: (r) => <span className={tone(r.varianceKg)}>{kgChange(r.varianceKg)}</span>,
          },
          ...(revenue
            ? [{
              header: "Revenue variance",
              className: "num",
              cell: (r: SegmentRow) => (
                <span className={tone(r.revenueVariance)}>{moneyChange(r.revenueVariance)}</span>
              ),
            }]
            : []),
        ]}
      />
    </div>
  );
}

function SegmentsBody({ data, links }: { data: SegmentsData; links: TabLinks }) {
  const title = `Variance by ${LEVEL_WORDS[data.level].toLowerCase()} (kg against standard)`;
  return (
    <>
      <nav className="yield-trail" aria-label="Drill-down">
        <ol>
          <li>
            {data.trail.length
              ? <a href={links.here()} data-yield-drill="">All body segments</a>
              : <span aria-current="page">All body segments</span>}
          </li>
          {data.trail.map((s, i) => (
            <li key={s.id}>
              {i < data.trail.length - 1
                ? <a href={links.here({ drill: s.id })} data-yield-drill={s.id}>{s.name}</a>
                : <span aria-current="page">{s.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      {data.rows.length > 0 && (
        <VarianceBars
          title={title}
          summary={summaryOf(title, kgChange(data.total.varianceKg))}
          format={(n) => `${Math.round(n)} kg`}
          bars={data.rows.map((r) => ({
            key: String(r.segmentId),
            name: r.name,
            value: r.varianceKg ?? null,
          }))}
        />
      )}
      <SegmentTable data={data} links={links} drillable />
    </>
  );
}

export const segmentsTab: TabDef<SegmentsData> = {
  name: "yieldSegments",
  path: "/yield/segments",
  title: "Segment variance",
  load: (ctx, q, search) => loadSegments(ctx, q, search.drill),
  Body: SegmentsBody,
};

// ---- segments today (live) --------------------------------------------------------------------------

type TodayData = Awaited<ReturnType<typeof realTimeYields>>;

export const segmentsTodayTab: TabDef<TodayData> = {
  name: "yieldSegmentsToday",
  path: "/yield/segmentstoday",
  title: "Segments today",
  today: true,
  load: (ctx, q) => realTimeYields(ctx, { speciesId: q.filter.speciesId, plantIds: q.filter.plantIds }),
  Body: ({ data, links }) => (
    <>
      <p className="muted small yield-live-note">Updates as the boning room's cartons arrive.</p>
      <Facts
        items={[
          ["Head boned", count(data.total.head)],
          ["HSCW boned", kg(data.total.hscwKg)],
          ["Cartons", count(data.total.cartons)],
          ["Yield", percent(data.total.yieldPercent)],
          [
            "Variance",
            <span key="v" className={tone(data.total.variancePp)}>{pp(data.total.variancePp)}</span>,
          ],
        ]}
      />
      <SegmentTable
        data={{ level: "bodySegment", trail: [], rows: data.segments, total: data.total }}
        links={links}
        drillable={false}
        empty="Nothing has been boned today yet."
      />
    </>
  ),
};
