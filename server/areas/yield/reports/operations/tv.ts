/**
 * The yield TV screens' data (display carousel, spec 1 §2 display children): a rotating carcass view by
 * index (rules.ts CARCASS_VIEWS: today by shift, today's segment variance, the last 7 days by day; three a
 * species), an operational report and a summary report. Every figure comes from the engine, already
 * written as the TV shows it; the stage names the push group and event that redraw it (yieldDataChanged).
 */
import { addDays } from "../../../../../kernel/dates.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { resolveFilter, yieldPlants } from "../../access.ts";
import { yieldFigures } from "../../engine.ts";
import { metric } from "../../metrics.ts";
import type { GroupBy } from "../../schemas.ts";
import { CARCASS_VIEWS, carcassView, varianceTone } from "../rules.ts";
import { formatMetric } from "../../format.ts";
import type { ReportFigures } from "../schemas.ts";
import { runReport } from "./figures.ts";
import { listReports } from "./reports.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import type { DisplayScreen } from "../../../../../display/rotation.ts";

import type { TvCell, YieldTvModel } from "../../../../../display/screens/YieldTv.tsx";

export const YIELD_TV_GROUPS = ["Yield"];
export const YIELD_TV_EVENTS = ["yieldDataChanged"];

const TV_COLUMNS = 6;
/** Big figures on top: yield, variance, head, cartons (those the answer has). */
const HEADLINE = [16, 18, 1, 5];
const cell = (key: number, value: number | null | undefined): TvCell => {
  const m = metric(key);
  return {
    text: formatMetric(value, m?.unit ?? "#"),
    tone: m?.unit === "pp" ? varianceTone(value, m.better) : "level",
  };
};

function modelOf(title: string, subtitle: string, f: ReportFigures, empty: string): YieldTvModel {
  // a TV reads few columns: the report's first six
  const keys = f.columns.slice(0, TV_COLUMNS).map((c) => c.key);
  const totalOf = (k: number) => f.total[String(k)];
  return {
    title,
    subtitle,
    headline: HEADLINE.filter((k) => f.columns.some((c) => c.key === k)).map((k) => ({
      label: metric(k)!.name,
      ...cell(k, totalOf(k)),
    })),
    columns: f.columns.slice(0, TV_COLUMNS).map((c) => c.name),
    rows: f.rows.slice(0, 12).map((r) => ({
      label: r.label,
      cells: keys.map((k) => cell(k, r.values[String(k)])),
    })),
    empty,
  };
}

const dates = (
  from: string,
  to: string,
) => (from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`);

/** The carousel's choices of carcass views: one per index the caller's species give. */
export async function carcassChoices(ctx: AreaContext) {
  const plants = await yieldPlants(ctx);
  return plants.species.flatMap((s, i) =>
    CARCASS_VIEWS.map((v, j) => ({
      index: i * CARCASS_VIEWS.length + j,
      label: `Yield: ${s.name} ${v.title}`,
    }))
  );
}

export async function carcassTv(ctx: AreaContext, index: number): Promise<YieldTvModel> {
  const plants = await yieldPlants(ctx);
  const chosen = carcassView(index, plants.species.length);
  if (!chosen) throw ApiError.notFound("There is no yield screen with that number.");
  const species = plants.species[chosen.speciesIndex];
  const week = chosen.view.key === "weekByDay";
  const from = week ? addDays(ctx.today, -7) : ctx.today;
  const to = week ? addDays(ctx.today, -1) : ctx.today;
  const filter = await resolveFilter(ctx, { speciesId: species.id, fromDate: from, toDate: to }, plants);
  const groupBy: GroupBy = { todayByShift: "shift", todayBySegment: "bodySegment", weekByDay: "date" }[
    chosen.view.key
  ] as GroupBy;
  const keys = [16, 17, 18, 1, 5];
  const fig = await yieldFigures(ctx, filter, [groupBy], keys);
  const figures = {
    columns: fig.metrics.map((m) => ({ key: m.key, name: m.name, unit: m.unit })),
    rows: fig.rows.map((r) => ({
      label: r.labels[groupBy] ?? "",
      values: Object.fromEntries(fig.metrics.map((m) => [String(m.key), r.values[m.key] ?? null])),
    })),
    total: Object.fromEntries(fig.metrics.map((m) => [String(m.key), fig.total[m.key] ?? null])),
  } as ReportFigures;
  return modelOf(
    `${species.name} yield ${chosen.view.title}`,
    dates(from, to),
    figures,
    week ? "Nothing boned in the last 7 days." : "Nothing boned yet today.",
  );
}

/** An operational or summary report on the TV (another's private one does not exist for a TV). */
export async function reportTv(ctx: AreaContext, id: number, kind: "operational" | "summary") {
  const f = await runReport(ctx, id);
  if (f.report.kind !== kind) throw ApiError.notFound("That report does not exist.");
  return modelOf(
    f.report.name,
    `${f.report.species} · ${dates(f.fromDate, f.toDate)}`,
    f,
    f.fromDate === f.toDate ? "Nothing boned yet today." : "Nothing boned in this range.",
  );
}

/** A yield TV page's path, as the carousel rotates it. */
export const YIELD_TV_PATHS = {
  carcass: (index: number) => `/display/yieldCarcass/${index}`,
  operational: (id: number) => `/display/operationalyield/${id}`,
  report: (id: number) => `/display/viewreport/${id}`,
};

/** The stage of a yield TV path (null: not a yield screen), for the carousel's first screen. */
export async function yieldTvStage(ctx: AreaContext, path: string) {
  const m = /^\/display\/(yieldCarcass|operationalyield|viewreport)\/(\d+)$/.exec(path);
  if (!m) return null;
  const n = Number(m[2]);
  const tv = m[1] === "yieldCarcass"
    ? await carcassTv(ctx, n)
    : await reportTv(ctx, n, m[1] === "operationalyield" ? "operational" : "summary");
  return {
    kind: "yield" as const,
    path,
    title: tv.title,
    groups: YIELD_TV_GROUPS,
    events: YIELD_TV_EVENTS,
    tv,
  };
}

/**
 * The yield screens a TV may be given (display carousel choices): every carcass view by index, then the
 * shared operational and summary reports of its species. None without the routes' access.
 */
export async function yieldTvChoices(ctx: AreaContext) {
  const subject = ctx.caller.subject;
  const seconds = 20;
  const out: { label: string; screen: DisplayScreen }[] = [];
  if (canSeeRouteNamed(subject, "displayYieldCarcass")) {
    for (const c of await carcassChoices(ctx)) {
      out.push({ label: c.label, screen: { kind: "yieldCarcass", index: c.index, seconds } });
    }
  }
  const shared = (await listReports(ctx)).filter((r) => r.isShared);
  for (const r of shared) {
    const kind = r.kind === "operational" ? "operationalyield" : "viewreport";
    if (
      !canSeeRouteNamed(
        subject,
        kind === "operationalyield" ? "displayOperationalYield" : "displayViewReport",
      )
    ) {
      continue;
    }
    const words = r.kind === "operational" ? "Operational yield" : "Yield report";
    out.push({ label: `${words}: ${r.name}`, screen: { kind, reportId: r.id, seconds } });
  }
  return out;
}
